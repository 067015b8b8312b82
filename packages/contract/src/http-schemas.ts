import { z } from 'zod/mini';

// The error shape every API answer shares (its wording is in http.ts).

/** Every non-2xx answer of the API has this shape; `fields` maps a field path to its first message. */
export const apiErrorResponse = z.object({
  error: z.string(),
  message: z.string(),
  fields: z.optional(z.record(z.string(), z.string())),
});
export type ApiErrorResponse = z.infer<typeof apiErrorResponse>;
