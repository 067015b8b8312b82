import { z } from 'zod/mini';
import { multiLineText, searchTextField, singleLineText } from './fields-schemas.js';
import { DEPARTMENTS } from './letters.js';
import {
  REPLY_TEMPLATE_LANGUAGES,
  REPLY_TEMPLATE_NAME_MAX,
  REPLY_TEMPLATE_SCOPES,
  REPLY_TEMPLATE_SEARCH_MAX,
  REPLY_TEMPLATE_TEXT_MAX,
  replyTemplateMessages as m,
  unknownPlaceholderMessage,
  unknownPlaceholders,
} from './reply-templates.js';

// Canned replies' zod schemas (issue 33 point 4).

/** POST /api/reply-templates and PUT /api/reply-templates/{id}: a department template names its department, a personal one none. */
export const replyTemplateRequest = z
  .object({
    name: singleLineText(REPLY_TEMPLATE_NAME_MAX, { required: m.nameRequired, tooLong: m.nameTooLong }),
    language: z.enum(REPLY_TEMPLATE_LANGUAGES, { error: m.languageRequired }),
    scope: z.enum(REPLY_TEMPLATE_SCOPES, { error: m.scopeRequired }),
    department: z.optional(z.nullable(z.enum(DEPARTMENTS, { error: m.departmentRequired }))),
    text: multiLineText(REPLY_TEMPLATE_TEXT_MAX, { required: m.textRequired, tooLong: m.textTooLong }).check(
      z.superRefine((text: string, context) => {
        // Refused when saved, naming the first unknown one, so a clerk never sends "{firstname}".
        const [first] = unknownPlaceholders(text);
        if (first !== undefined) context.addIssue({ code: 'custom', message: unknownPlaceholderMessage(first), input: text });
      }),
    ),
  })
  .check(
    z.superRefine((request, context) => {
      if (request.scope === 'DEPARTMENT' && !request.department) {
        context.addIssue({ code: 'custom', path: ['department'], message: m.departmentRequired, input: request.department });
      }
      if (request.scope === 'PERSONAL' && request.department) {
        context.addIssue({ code: 'custom', path: ['department'], message: m.departmentOnlyForDepartment, input: request.department });
      }
    }),
  );
export type ReplyTemplateRequest = z.input<typeof replyTemplateRequest>;
export type ReplyTemplateInput = z.output<typeof replyTemplateRequest>;

export const replyTemplateResponse = z.object({
  id: z.int(),
  name: z.string(),
  language: z.enum(REPLY_TEMPLATE_LANGUAGES),
  scope: z.enum(REPLY_TEMPLATE_SCOPES),
  department: z.nullable(z.enum(DEPARTMENTS)),
  /** The employee whose own template it is (PERSONAL); null for a department's. */
  ownerId: z.nullable(z.int()),
  text: z.string(),
  updatedAt: z.string(),
});
export type ReplyTemplateResponse = z.infer<typeof replyTemplateResponse>;
export const replyTemplateListResponse = z.array(replyTemplateResponse);

/**
 * GET /api/reply-templates: the department templates and the caller's own, by name. `q` searches
 * the name; `department` (a conversation's) keeps that department's and the caller's own;
 * `scope` one kind only.
 */
export const replyTemplateListQuery = z.object({
  q: searchTextField(REPLY_TEMPLATE_SEARCH_MAX, m.searchTooLong),
  department: z.optional(z.enum(DEPARTMENTS)),
  scope: z.optional(z.enum(REPLY_TEMPLATE_SCOPES)),
  language: z.optional(z.enum(REPLY_TEMPLATE_LANGUAGES)),
});
export type ReplyTemplateListQuery = z.output<typeof replyTemplateListQuery>;

/** POST /api/reply-templates/{id}/fill: the conversation whose facts fill the placeholders. */
export const fillReplyTemplateRequest = z.object({
  conversationId: z.number({ error: m.conversationRequired }).check(z.int(), z.positive(), z.lte(2_147_483_647)),
});
export type FillReplyTemplateRequest = z.input<typeof fillReplyTemplateRequest>;
export const filledReplyTemplateResponse = z.object({ templateId: z.int(), conversationId: z.int(), text: z.string() });
export type FilledReplyTemplateResponse = z.infer<typeof filledReplyTemplateResponse>;
