import { z } from 'zod/mini';
import { isIsoDate, todayIsoDate } from './dates.js';
import { fieldMessages, isOneLine, stopWhenLonger } from './fields.js';
import { freeTextMessages, hasNoBidiControl, isVisibleText } from './free-text.js';

// Zod builders every domain's fields share (their limits and patterns are in fields.ts).

/**
 * A string field whose every "absent" form (missing, null, wrong type, empty, blank) reports the
 * spec's "required" message, so the client and the API word a missing field the same way.
 */
export function requiredText(requiredMessage: string, options: { trim?: boolean } = {}) {
  const base = z.string({ error: requiredMessage });
  return (options.trim ? base.check(z.trim()) : base).check(z.minLength(1, requiredMessage));
}

/** The two things a typed text's checks say: nothing is there, or too much. */
export interface TypedTextMessages {
  required: string;
  tooLong: string;
}

/**
 * A text a person types, trimmed: `tooLong` when more than `max` characters were sent, spaces
 * around it included (7,800 spaces and an `x` are not a first name), checked before anything else
 * runs on it; `required` when nothing visible is left after trimming (also for a value that is not
 * text); no bidirectional controls. Trimming is the only change, so what is stored is never longer
 * than what was sent: the one bound holds for both.
 */
export function multiLineText(max: number, messages: TypedTextMessages) {
  return z
    .string({ error: messages.required })
    .check(
      z.maxLength(max, stopWhenLonger(messages.tooLong)),
      z.trim(),
      z.refine(isVisibleText, { error: messages.required, abort: true }),
      z.refine(hasNoBidiControl, freeTextMessages.bidiControl),
    );
}

/**
 * A one-line text (a name, a subject, a vehicle's make): the rules of `multiLineText`, and no
 * control or line-separator characters (fields.ts NOT_ONE_LINE), which would break the line it is
 * shown on.
 */
export function singleLineText(max: number, messages: TypedTextMessages) {
  return multiLineText(max, messages).check(z.refine(isOneLine, fieldMessages.notOneLine));
}

/** A YYYY-MM-DD calendar date that is required and may not lie after today. */
export function pastOrTodayDate(messages: { required: string; invalid: string; future: string }) {
  return requiredText(messages.required).check(
    z.refine(isIsoDate, messages.invalid),
    z.refine((value: string) => !isIsoDate(value) || value <= todayIsoDate(), messages.future),
  );
}

export const positiveId = z.coerce.number({ error: 'Must be a positive whole number' }).check(z.int(), z.positive(), z.lte(2_147_483_647));

/**
 * An id inside a JSON body: a real number, never coerced. `true`, `"7"` or `[7]` are type errors
 * there, while ids in paths and query strings (always text) go through `positiveId`.
 */
export const jsonId = z.number({ error: 'Must be a positive whole number' }).check(z.int(), z.positive(), z.lte(2_147_483_647));

/** Path parameters: `/:id` of any resource, `/:userId` of a person's resources. */
export const idParams = z.object({ id: positiveId });
export const userIdParams = z.object({ userId: positiveId });

/**
 * The text of a list's search box in a query string (`?q=`): trimmed, bounded, and absent when
 * blank, so an empty box asks for the whole list.
 */
export function searchTextField(max: number, tooLongMessage: string) {
  return z.pipe(
    z.optional(z.string({ error: tooLongMessage }).check(z.trim(), z.maxLength(max, tooLongMessage))),
    z.transform((text: string | undefined) => text || undefined),
  );
}
