import { withoutTrailing } from '@portal/contract';
import { z } from 'zod/mini';

/**
 * Build-time settings (Vite inlines `import.meta.env.VITE_*`), parsed once. Defaults keep a
 * fresh checkout working: the API on the same origin, our team as the author, the year 2025.
 */
const webEnv = z.object({
  VITE_API_URL: z.pipe(
    z
      ._default(z.string().check(z.trim()), '')
      .check(z.refine((value) => value === '' || URL.canParse(value), 'VITE_API_URL must be empty or an absolute URL')),
    // No trailing slash, so `${apiUrl}/api/...` never doubles it.
    z.transform((value: string) => withoutTrailing(value, '/')),
  ),
  VITE_CREDITS_AUTHOR: z._default(z.string().check(z.trim(), z.minLength(1)), 'City Service Portal team'),
  // No invented default: the home page leaves out the university line until it is configured.
  VITE_CREDITS_UNIVERSITY: z.optional(z.string().check(z.trim(), z.minLength(1))),
  VITE_CREDITS_YEAR: z._default(z.string().check(z.trim(), z.regex(/^\d{4}$/, 'VITE_CREDITS_YEAR must be a year')), '2025'),
});

export type WebConfig = {
  apiUrl: string;
  /** `university` is undefined until configured; the home page then leaves its line out. */
  credits: { author: string; university: string | undefined; year: string };
};

export function parseWebConfig(env: Record<string, unknown>): WebConfig {
  // Vite leaves unset variables undefined but an empty `.env` line gives '': treat both as unset.
  const present = Object.fromEntries(Object.entries(env).filter(([key, value]) => key === 'VITE_API_URL' || value !== ''));
  const parsed = webEnv.parse(present);
  return {
    apiUrl: parsed.VITE_API_URL,
    credits: {
      author: parsed.VITE_CREDITS_AUTHOR,
      university: parsed.VITE_CREDITS_UNIVERSITY,
      year: parsed.VITE_CREDITS_YEAR,
    },
  };
}

export const config: WebConfig = parseWebConfig(import.meta.env);
