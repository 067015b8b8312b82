import { type ConversationListItem, fillPlaceholders, replyTemplateRequest, unknownPlaceholders } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { byDueDate } from './due-mark';

const entry = (id: number, dueDate: string | null) => ({ id, dueDate }) as ConversationListItem;

describe('the queue by due date (issue 33)', () => {
  it('puts the earliest due first, then the older letter, and a letter without a date last', () => {
    const sorted = [entry(3, '2025-04-11'), entry(5, null), entry(2, '2025-04-11'), entry(9, '2025-01-02')].sort(byDueDate);
    expect(sorted.map((item) => item.id)).toEqual([9, 2, 3, 5]);
  });
});

describe('reply templates\u2019 placeholders (issue 33)', () => {
  it('names each unknown placeholder once, and refuses the first when saved', () => {
    expect(unknownPlaceholders('Dear {firstname} {firstName}, {firstname} {ref}')).toEqual(['firstname', 'ref']);
    const checked = replyTemplateRequest.safeParse({ name: 'x', language: 'en', scope: 'PERSONAL', text: 'Dear {firstname}' });
    expect(checked.success).toBe(false);
    expect(checked.error?.issues[0]?.message).toBe('Unknown placeholder {firstname}: use {firstName}, {lastName}, {reference}, {subject}, {dueDate} or {clerkName}.');
  });

  it('fills the known ones and leaves other braces as written', () => {
    const values = { firstName: 'Zofia', lastName: 'Nowak', reference: 'L-4', subject: 'Bench', dueDate: '10 April 2025', clerkName: 'Adam Wolny' };
    expect(fillPlaceholders('{firstName} {lastName}: {reference} ({subject}) by {dueDate}. {clerkName} {x y}', values)).toBe(
      'Zofia Nowak: L-4 (Bench) by 10 April 2025. Adam Wolny {x y}',
    );
  });
});
