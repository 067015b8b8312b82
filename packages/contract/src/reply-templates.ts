// Canned replies (issue 33 point 4): reply templates a clerk picks in the chat, per department (the
// admins keep them) or personal (an employee's own). Limits, placeholders and the English messages;
// no zod. The server fills the placeholders from the conversation's facts, never the client.

export const REPLY_TEMPLATE_NAME_MAX = 80;
/** A template's text; its filled text must still fit a chat message (MESSAGE_CONTENT_MAX, 5,000). */
export const REPLY_TEMPLATE_TEXT_MAX = 4_000;
export const REPLY_TEMPLATE_SEARCH_MAX = 80;

/** The words a template may hold in braces, filled on the server from the conversation's facts. */
export const REPLY_TEMPLATE_PLACEHOLDERS = ['firstName', 'lastName', 'reference', 'subject', 'dueDate', 'clerkName'] as const;
export type ReplyTemplatePlaceholder = (typeof REPLY_TEMPLATE_PLACEHOLDERS)[number];

/** DEPARTMENT: the office's words for one department (admins keep them); PERSONAL: one employee's own. */
export const REPLY_TEMPLATE_SCOPES = ['DEPARTMENT', 'PERSONAL'] as const;
export type ReplyTemplateScope = (typeof REPLY_TEMPLATE_SCOPES)[number];

export const REPLY_TEMPLATE_LANGUAGES = ['pl', 'en'] as const;
export type ReplyTemplateLanguage = (typeof REPLY_TEMPLATE_LANGUAGES)[number];

// A brace, a word of letters, digits or underscores, a brace: what looks meant as a placeholder.
const PLACEHOLDER = /\{([A-Za-z0-9_]{1,40})\}/g;

/** The placeholders of `text` that are not among REPLY_TEMPLATE_PLACEHOLDERS, each once, in order. */
export function unknownPlaceholders(text: string): string[] {
  const known = new Set<string>(REPLY_TEMPLATE_PLACEHOLDERS);
  const unknown: string[] = [];
  for (const match of text.matchAll(PLACEHOLDER)) {
    const name = match[1]!;
    if (!known.has(name) && !unknown.includes(name)) unknown.push(name);
  }
  return unknown;
}

/** `text` with each known placeholder replaced by its value; anything else stays as written. */
export function fillPlaceholders(text: string, values: Readonly<Record<ReplyTemplatePlaceholder, string>>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    (REPLY_TEMPLATE_PLACEHOLDERS as readonly string[]).includes(name) ? values[name as ReplyTemplatePlaceholder] : whole,
  );
}

/** The server's words for templates (the spec words none of it). `{{name}}` is filled by the web. */
export const replyTemplateMessages = {
  nameRequired: 'Give the template a name.',
  nameTooLong: `A template's name must be at most ${REPLY_TEMPLATE_NAME_MAX} characters.`,
  textRequired: 'Write the template\u2019s text.',
  textTooLong: `A template's text must be at most ${REPLY_TEMPLATE_TEXT_MAX} characters.`,
  languageRequired: 'Choose the template\u2019s language.',
  scopeRequired: 'Choose whether the template is the department\u2019s or your own.',
  departmentRequired: 'Choose the department the template is for.',
  departmentOnlyForDepartment: 'Only a department template names a department.',
  onlyAdminsKeepDepartmentTemplates: 'Only an admin keeps a department\u2019s templates.',
  notYours: 'This template is another employee\u2019s own; only they may change it.',
  searchTooLong: `Search for at most ${REPLY_TEMPLATE_SEARCH_MAX} characters.`,
  unknownPlaceholder: 'Unknown placeholder {{name}}: use {firstName}, {lastName}, {reference}, {subject}, {dueDate} or {clerkName}.',
  conversationRequired: 'Name the conversation the reply is for.',
} as const;

/** The English message naming an unknown placeholder (the Polish one is replyTemplateMessagesPl's). */
export const unknownPlaceholderMessage = (name: string, template: string = replyTemplateMessages.unknownPlaceholder): string =>
  template.replace('{{name}}', `{${name}}`);
