import type { TimelineEntry } from '@portal/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routeFetch } from '../../test/fetch';
import { i18n, type TFunction } from '../i18n';
import { createQueryClient } from '../query-client';
import { TIMELINE_NS } from './i18n';
import { describeEntry, formatOfficeTime, MatterTimeline } from './matter-timeline';

// A t() that shows the key and its values: what an entry asks the translations for.
const t: TFunction = (key, options) => {
  const { defaultValue, ...values } = options ?? {};
  return Object.keys(values).length ? `${key} ${JSON.stringify(values)}` : key === 'types.appeal-lodged' && defaultValue ? defaultValue : key;
};
const entry = (type: string, facts: TimelineEntry['facts'] = {}): TimelineEntry => ({ id: 1, type, at: '2026-03-29T00:30:00.000Z', actor: { role: 'office', name: 'Ewa Lis' }, facts, receiptId: null });

describe('a timeline entry', () => {
  it('words collapsed messages by side and count', () => {
    expect(describeEntry(entry('message-sent', { from: 'office', count: 3 }), t)).toBe('messages.officeMany {"count":3}');
    expect(describeEntry(entry('message-sent', { from: 'citizen', count: 1 }), t)).toBe('messages.citizenOne {"count":1}');
  });

  it('words a status change with both statuses, and a type it does not know with a neutral line', () => {
    expect(describeEntry(entry('case-status-changed', { before: 'PENDING', after: 'REJECTED' }), t)).toBe('types.case-status-changed {"before":"status.PENDING","after":"status.REJECTED"}');
    expect(describeEntry(entry('appeal-lodged'), (key, options) => (key === 'other' ? `Update: ${String(options?.type)}` : (options?.defaultValue ?? key)))).toBe('Update: appeal lodged');
  });

  it('words the answering back of a case: the delivery with its decision, the appeal with the new term’s last day in the reader’s language', () => {
    expect(describeEntry(entry('case-decision-delivered', { decision: 'REJECTED' }), t)).toBe('types.case-decision-delivered {"decision":"status.REJECTED"}');
    expect(describeEntry(entry('case-appealed', { dueDate: '2027-01-04' }), t, undefined, 'pl')).toBe('appealedUntil {"date":"4 stycznia 2027"}');
    expect(describeEntry(entry('case-appealed', { dueDate: null }), t)).toBe('types.case-appealed');
    expect(describeEntry(entry('case-supplement-requested', { supplementId: 3 }), t)).toBe('types.case-supplement-requested {"supplementId":3}');
  });

  it('words a delay notice, a prompt and its answer with their dates spelled out, in both languages', () => {
    const en = i18n.getFixedT('en', TIMELINE_NS);
    const pl = i18n.getFixedT('pl', TIMELINE_NS);
    const notice = entry('matter-delay-notified', { reason: 'Waiting for a survey.', newDueDate: '2026-12-21', previousDueDate: '2026-10-28' });
    expect(describeEntry(notice, en, undefined, 'en')).toBe('Delay notice: not handled in its term; the new date is 21 December 2026');
    expect(describeEntry(notice, pl, undefined, 'pl')).toBe('Zawiadomienie o niezałatwieniu sprawy w terminie; nowy termin: 21 grudnia 2026');
    expect(describeEntry(entry('matter-prompted', { text: 'Please hurry.', answerBy: '2026-12-14' }), en, undefined, 'en')).toBe('Prompt sent (KPA art. 37); the answer is due by 14 December 2026');
    expect(describeEntry(entry('prompt-answered', { reason: 'Ordered.', newDueDate: '2026-12-28' }), pl, undefined, 'pl')).toBe('Udzielono odpowiedzi na ponaglenie; nowy termin: 28 grudnia 2026');
    // An answer without a date is the decision itself.
    expect(describeEntry(entry('prompt-answered', { reason: 'Decided today.', newDueDate: null }), en, undefined, 'en')).toBe('The prompt was answered');
  });

  it('writes times in Warsaw whatever the device: across the spring DST change, in both languages', () => {
    expect(formatOfficeTime('2026-03-29T00:30:00.000Z', 'en')).toBe('29 March 2026 at 01:30');
    expect(formatOfficeTime('2026-03-29T01:30:00.000Z', 'pl')).toBe('29 marca 2026 03:30');
  });
});

describe('a matter\u2019s timeline', () => {
  it('is read afresh each time the matter\u2019s screen opens: a step of the office that changed no status appears', async () => {
    let reads = 0;
    routeFetch((request) => {
      if (request.path !== '/api/timeline/cases/12') return undefined;
      reads += 1;
      const asked = { id: 2, type: 'case-supplement-requested', at: '2026-03-02T09:00:00.000Z', actor: { role: 'office', name: 'Ewa Lis' }, facts: {}, receiptId: null };
      return { body: { reference: 'C-12', entries: [{ ...entry('case-submitted'), actor: { role: 'citizen', name: null } }, ...(reads > 1 ? [asked] : [])] } };
    });
    const queryClient = createQueryClient();
    const opened = () => render(<QueryClientProvider client={queryClient}><MatterTimeline matter="case" id={12} version="1/0" /></QueryClientProvider>);
    const first = opened();
    expect(await screen.findByText('Case submitted')).toBeInTheDocument();
    first.unmount();
    opened();
    expect(await screen.findByText('The office asked for the case to be supplemented; its term stands still')).toBeInTheDocument();
  });
});
