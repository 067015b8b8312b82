import { z } from 'zod/mini';
import { CASE_TYPES } from './cases.js';
import { isIsoDate } from './dates.js';
import { DEADLINE_STATES, DELAY_REASON_MAX, deadlineMessages as m, TERMED_MATTER_KINDS, PROMPT_TEXT_MAX } from './deadlines.js';
import { multiLineText } from './fields-schemas.js';

// The late-term routes' requests and answers (deadlines.ts holds their limits and words). Whether
// a date is a working day after today is the server's to say (its legal clock, Europe/Warsaw).

const reason = multiLineText(DELAY_REASON_MAX, { required: m.reasonRequired, tooLong: m.reasonTooLong });
const calendarDate = z.string({ error: m.newDateInvalid }).check(z.refine(isIsoDate, m.newDateInvalid));

export const deadlineStateField = z.nullable(z.enum(DEADLINE_STATES));

/** POST /api/conversations/{id}/delay-notice and /api/case-resolution/{id}/delay-notice (staff, art. 36). */
export const delayNoticeRequest = z.object({ reason, newDueDate: calendarDate });
export type DelayNoticeRequest = z.infer<typeof delayNoticeRequest>;

/** POST /api/conversations/{id}/prompt and /api/case-resolution/{id}/prompt (the citizen, art. 37). */
export const promptRequest = z.object({ text: multiLineText(PROMPT_TEXT_MAX, { required: m.promptRequired, tooLong: m.promptTooLong }) });
export type PromptRequest = z.infer<typeof promptRequest>;

/** POST /api/prompts/{id}/answer (an admin): the reason, and a new date unless the answer is the decision itself. */
export const promptAnswerRequest = z.object({
  reason: multiLineText(DELAY_REASON_MAX, { required: m.answerRequired, tooLong: m.reasonTooLong }),
  newDueDate: z.optional(calendarDate),
});
export type PromptAnswerRequest = z.infer<typeof promptAnswerRequest>;

export const delayNoticeItem = z.object({ id: z.int(), reason: z.string(), newDueDate: z.string(), previousDueDate: z.nullable(z.string()), sentAt: z.string() });
export const promptItem = z.object({
  id: z.int(),
  text: z.string(),
  sentAt: z.string(),
  /** The last day the admin has to answer (art. 37 §6: 7 days). */
  answerBy: z.string(),
  answeredAt: z.nullable(z.string()),
  answer: z.nullable(z.string()),
  newDueDate: z.nullable(z.string()),
});
export type PromptItem = z.infer<typeof promptItem>;

/** GET /api/conversations/{id}/deadline and /api/case-resolution/{id}/deadline: the clock of one matter today. */
export const matterDeadlineResponse = z.object({
  kind: z.enum(TERMED_MATTER_KINDS),
  reference: z.string(),
  /** The due date the office owes (a delay notice's new date replaces the term's end); null while it waits. */
  dueDate: z.nullable(z.string()),
  /** The statutory term's end (art. 35), which a prompt counts from. */
  termDueDate: z.nullable(z.string()),
  state: deadlineStateField,
  /** True while staff may not reply or decide before sending the delay notice. */
  noticeRequired: z.boolean(),
  /** Whether the matter is still open (a closed one takes no notice or prompt). */
  open: z.boolean(),
  /** The first day the citizen may prompt (null: not now, e.g. handled or no term); today or earlier: may prompt. */
  promptFrom: z.nullable(z.string()),
  /** Whether the citizen may send a prompt today (the server's day in Warsaw). */
  canPrompt: z.boolean(),
  notices: z.array(delayNoticeItem),
  prompts: z.array(promptItem),
});
export type MatterDeadlineResponse = z.infer<typeof matterDeadlineResponse>;

/** GET /api/prompts: the open prompts, oldest first, for the admins. */
export const openPromptItem = z.object({
  id: z.int(),
  kind: z.enum(TERMED_MATTER_KINDS),
  matterId: z.int(),
  reference: z.string(),
  /** A letter's subject; a case's type and plate (the web words its name). */
  subject: z.nullable(z.string()),
  caseType: z.nullable(z.enum(CASE_TYPES)),
  vehicleNumberPlate: z.nullable(z.string()),
  citizen: z.string(),
  text: z.string(),
  sentAt: z.string(),
  answerBy: z.string(),
  /** Working days are not counted: art. 37 §6 gives 7 calendar days; negative once late. */
  daysLeft: z.int(),
  dueDate: z.nullable(z.string()),
  /** False once the matter was handled (the answer then needs no new date). */
  open: z.boolean(),
});
export type OpenPromptItem = z.infer<typeof openPromptItem>;
export const openPromptsResponse = z.object({ items: z.array(openPromptItem) });
export type OpenPromptsResponse = z.infer<typeof openPromptsResponse>;
