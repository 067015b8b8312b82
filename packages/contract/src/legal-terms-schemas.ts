import { z } from 'zod/mini';
import { CASE_TYPES } from './cases.js';
import { multiLineText } from './fields-schemas.js';
import { COMPLICATED_REASON_MAX, legalTermMessages as m, TERM_MONTHS_MAX, TERM_MONTHS_MIN } from './legal-terms.js';
import { DEPARTMENTS } from './letters.js';

// The terms' requests and answers (legal-terms.ts holds their limits and words).

export const termMonthsField = z
  .number({ error: m.monthsInvalid })
  .check(z.int(m.monthsInvalid), z.gte(TERM_MONTHS_MIN, m.monthsInvalid), z.lte(TERM_MONTHS_MAX, m.monthsInvalid));

/** A department's term for letters (KPA art. 237: one month unless the admin sets otherwise). */
export const letterTermEntry = z.object({ department: z.enum(DEPARTMENTS), months: termMonthsField });
export type LetterTermEntry = z.infer<typeof letterTermEntry>;

/** A case type's ordinary term and its term when a clerk finds the case particularly complicated. */
export const caseTermEntry = z
  .object({ caseType: z.enum(CASE_TYPES), months: termMonthsField, complicatedMonths: termMonthsField })
  .check(
    z.refine((entry) => entry.complicatedMonths > entry.months, { path: ['complicatedMonths'], error: m.complicatedNotLonger }),
  );
export type CaseTermEntry = z.infer<typeof caseTermEntry>;

/** A list naming each of `keys` at most once (the PUT sends the entries it changes). */
const distinctBy = <T>(entry: z.ZodMiniType<T>, keyOf: (value: T) => string, most: number) =>
  z.array(entry).check(
    z.maxLength(most, m.duplicateEntry),
    z.refine((list: T[]) => new Set(list.map(keyOf)).size === list.length, m.duplicateEntry),
  );

/** GET and PUT /api/terms/letters: every department, with the default where the admin set none. */
export const letterTermsResponse = z.object({ terms: z.array(letterTermEntry) });
export type LetterTermsResponse = z.infer<typeof letterTermsResponse>;
export const letterTermsRequest = z.object({ terms: distinctBy(letterTermEntry, (entry) => entry.department, DEPARTMENTS.length) });
export type LetterTermsRequest = z.infer<typeof letterTermsRequest>;

/** GET and PUT /api/terms/cases: every case type, with the defaults where the admin set none. */
export const caseTermsResponse = z.object({ terms: z.array(caseTermEntry) });
export type CaseTermsResponse = z.infer<typeof caseTermsResponse>;
export const caseTermsRequest = z.object({ terms: distinctBy(caseTermEntry, (entry) => entry.caseType, CASE_TYPES.length) });
export type CaseTermsRequest = z.infer<typeof caseTermsRequest>;

/** PUT /api/case-resolution/{id}/complicated: the clerk's reason, which the citizen reads. */
export const complicatedCaseRequest = z.object({
  reason: multiLineText(COMPLICATED_REASON_MAX, { required: m.reasonRequired, tooLong: m.reasonTooLong }),
});
export type ComplicatedCaseRequest = z.infer<typeof complicatedCaseRequest>;
