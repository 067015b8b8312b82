import { z } from 'zod';

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
