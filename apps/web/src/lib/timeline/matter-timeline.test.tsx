import type { TimelineEntry } from '@portal/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routeFetch } from '../../test/fetch';
import type { TFunction } from '../i18n';
import { createQueryClient } from '../query-client';
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
