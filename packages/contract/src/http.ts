import { z } from 'zod';

// What every API answer shares, whatever the domain: the error shape and the server's own wording
// for refusals that are not a domain rule (the spec does not word them; web and tests share them).

/** Every non-2xx answer of the API has this shape; `fields` maps a field path to its first message. */
export const apiErrorResponse = z.object({
  error: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiErrorResponse = z.infer<typeof apiErrorResponse>;

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
} as const;
