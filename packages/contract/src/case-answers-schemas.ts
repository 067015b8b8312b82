import { z } from 'zod/mini';
import {
  APPEAL_TEXT_MAX,
  caseAnswerMessages as m,
  DELIVERY_WAYS,
  SUPPLEMENT_ANSWER_MAX,
  SUPPLEMENT_DOCUMENT_NAME_MAX,
  SUPPLEMENT_DOCUMENTS_MAX,
  SUPPLEMENT_MESSAGE_MAX,
} from './case-answers.js';
import { CASE_DOCUMENTS_MAX } from './case-kinds.js';
import { CASE_STATUSES } from './cases.js';
import { multiLineText, singleLineText } from './fields-schemas.js';

// The zod schemas of answering back on a case (issue 32 points 7 and 8).

/** The UUIDs of PDFs already uploaded to the case (POST .../add-document) that an answer or appeal attaches. */
const attachedDocuments = z._default(
  z.array(z.uuid({ error: m.documentNotOnCase })).check(z.maxLength(CASE_DOCUMENTS_MAX, m.documentNotOnCase)),
  [],
);

/** POST /api/case-resolution/{id}/supplement-requests: staff ask the citizen. */
export const supplementRequestBody = z.object({
  message: multiLineText(SUPPLEMENT_MESSAGE_MAX, { required: m.messageRequired, tooLong: m.messageTooLong }),
  documentsNeeded: z._default(
    z
      .array(singleLineText(SUPPLEMENT_DOCUMENT_NAME_MAX, { required: m.documentNameRequired, tooLong: m.documentNameTooLong }))
      .check(z.maxLength(SUPPLEMENT_DOCUMENTS_MAX, m.tooManyDocumentsNeeded)),
    [],
  ),
});
export type SupplementRequestBody = z.input<typeof supplementRequestBody>;

/** POST /api/case-resolution/{id}/supplement-answer: the citizen's text and the PDFs they uploaded. */
export const supplementAnswerBody = z.object({
  answer: multiLineText(SUPPLEMENT_ANSWER_MAX, { required: m.answerRequired, tooLong: m.answerTooLong }),
  documents: attachedDocuments,
});
export type SupplementAnswerBody = z.input<typeof supplementAnswerBody>;

/** POST /api/case-resolution/{id}/appeal: the citizen's grounds and the PDFs they uploaded. */
export const appealBody = z.object({
  text: multiLineText(APPEAL_TEXT_MAX, { required: m.appealRequired, tooLong: m.appealTooLong }),
  documents: attachedDocuments,
});
export type AppealBody = z.input<typeof appealBody>;

/** A request to supplement as both sides read it; the answer's fields are null until the citizen answers. */
export const supplementResponse = z.object({
  id: z.int(),
  requestedAt: z.string(),
  message: z.string(),
  documentsNeeded: z.array(z.string()),
  answeredAt: z.nullable(z.string()),
  answer: z.nullable(z.string()),
  /** UUIDs of the case's documents the answer attached. */
  answerDocuments: z.array(z.string()),
});
export type SupplementResponse = z.infer<typeof supplementResponse>;

/** An appeal of a decision. */
export const appealResponse = z.object({
  id: z.int(),
  appealedAt: z.string(),
  text: z.string(),
  documents: z.array(z.string()),
});
export type AppealResponse = z.infer<typeof appealResponse>;

/**
 * The case's latest decision and its delivery: opened by the citizen (`opened`, the moment
 * recorded) or counted as delivered on the 14th day (`deemed`); both null while it awaits.
 */
export const decisionDeliveryResponse = z.object({
  id: z.int(),
  status: z.enum(CASE_STATUSES),
  decidedAt: z.string(),
  /** The instant the citizen first opened it (opened), or the start of the 14th day in Warsaw (deemed). */
  deliveredAt: z.nullable(z.string()),
  /** The day of delivery, YYYY-MM-DD in Warsaw. */
  deliveryDate: z.nullable(z.string()),
  deliveredHow: z.nullable(z.enum(DELIVERY_WAYS)),
  /** The day it counts as delivered if the citizen never opens it. */
  deemedDeliveryDate: z.string(),
  /** REJECTED: the last day to appeal (14 days from delivery, off a day off), null before delivery. */
  appealUntil: z.nullable(z.string()),
  appeal: z.nullable(appealResponse),
  /** True when this decision was made on an appeal. */
  onAppeal: z.boolean(),
});
export type DecisionDeliveryResponse = z.infer<typeof decisionDeliveryResponse>;

/** What answering back adds to a case's details. */
export const caseAnswersResponse = z.object({
  decision: z.nullable(decisionDeliveryResponse),
  supplements: z.array(supplementResponse),
});
export type CaseAnswersResponse = z.infer<typeof caseAnswersResponse>;
