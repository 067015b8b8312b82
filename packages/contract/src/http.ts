// What every API answer shares, whatever the domain: the error shape and the server's own wording
// for refusals that are not a domain rule (the spec does not word them; web and tests share them).

/**
 * The largest JSON body a route takes unless it declares more: every form but a letter, a chat
 * message and a case fits in it (registration at its longest is ~4 KB even with every character
 * escaped). A larger body is refused with 413 before a byte of it is parsed.
 */
export const JSON_BODY_LIMIT_BYTES = 8 * 1024;

/**
 * The body limit of a route whose free text may be `characters` long: the base limit plus six
 * bytes a character, the most JSON can spend on one (`\u00e9` for an é a client chose to escape).
 */
export function jsonBodyLimit(characters: number): number {
  return JSON_BODY_LIMIT_BYTES + characters * '\\u0000'.length;
}

/** First message per field path, the way a form shows it under the field. */
export function firstIssuePerField(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** Refusals any route can give; a form may show them, so the web translates them. */
export const httpMessages = {
  validation: 'The request has invalid fields.',
  unauthenticated: 'Authentication is required.',
  forbidden: 'You are not allowed to do this.',
  notFound: 'Not found.',
  tooManyRequests: 'Too many attempts. Please wait a minute and try again.',
  internal: 'Something went wrong on our side. Please try again.',
} as const;

/** Server answers about the request itself (body format, size, availability); no form shows them. */
export const transportMessages = {
  invalidJson: 'The request body is not valid JSON.',
  unsupportedMediaType: 'Send the request body as application/json.',
  payloadTooLarge: 'The request body is too large.',
  invalidCharacters: 'Text cannot contain NUL characters.',
  serviceUnavailable: 'The service is temporarily unavailable.',
  requestTimeout: 'The request body arrived too slowly; send the request again.',
  jsonNotUtf8: 'Send JSON as UTF-8 (application/json without a charset, or charset=utf-8).',
  malformedUpload: 'The upload ended early or is not valid multipart/form-data; send the file again.',
  badUrl: 'The address is not valid.',
  urlTooLong: 'A part of the address is too long.',
} as const;
