import { describe, expect, it } from 'vitest';
import { overdueArrivalCutoff } from '../src/plugins/legal-clock/overdue.js';
import { addTermDays, isPastDue, termDueDate } from '../src/plugins/legal-clock/terms.js';

/*
 * The dashboard counts "overdue now" in SQL as "arrived before the term's cutoff" (issue 33 point 8).
 * That must be the same answer as the due date each matter's screen shows: for every arrival day
 * (at 00:30 and at 23:30 in Warsaw) around the cutoff, across month ends, holidays, a DST change and
 * a year end, and terms of 1, 2 and 3 months.
 */
const NOWS = ['2026-03-18T10:00:00.000Z', '2026-03-30T06:00:00.000Z', '2026-01-02T09:00:00.000Z', '2025-12-29T22:59:00.000Z', '2026-05-04T12:00:00.000Z'];

describe('the overdue cutoff', () => {
  for (const nowText of NOWS) {
    for (const months of [1, 2, 3]) {
      it(`splits arrivals exactly as their due dates do, at ${nowText}, for ${months} month(s)`, () => {
        const now = new Date(nowText);
        const cutoff = overdueArrivalCutoff(months, now);
        expect(cutoff).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:00:00\.000Z$/);
        const around = new Date(Date.parse(cutoff) - 12 * 3_600_000).toISOString().slice(0, 10);
        for (let offset = -20; offset <= 20; offset += 1) {
          const day = addTermDays(around, offset);
          for (const instant of [new Date(`${day}T00:30:00+01:00`), new Date(`${day}T23:30:00+01:00`)]) {
            const arrived = instant.toISOString();
            const due = termDueDate({ startedAt: arrived, months });
            expect(arrived < cutoff, `${arrived} (due ${due})`).toBe(due !== null && isPastDue(due, now));
          }
        }
      });
    }
  }
});
