import { expect } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';

// The run's SMTP server (support/global-setup.ts) and where it keeps what it received: per port,
// so two runs on one machine (two checkouts, two E2E_PORTs) never read each other's mail.
const port = () => Number(process.env.E2E_PORT ?? 3199);
export const e2eSmtpPort = (): number => port() + 20_000;
export const e2eMailDir = (): string => join(tmpdir(), `portal-e2e-mail-${port()}`);

/** Every email the run's SMTP server accepted for `to`, oldest first. */
async function mailTo(to: string): Promise<ParsedMail[]> {
  const dir = e2eMailDir();
  const files = readdirSync(dir).sort((a, b) => Number(a.split('-')[0]) - Number(b.split('-')[0]) || a.localeCompare(b));
  const parsed = await Promise.all(files.map((file) => simpleParser(readFileSync(join(dir, file)))));
  return parsed.filter((mail) => (Array.isArray(mail.to) ? mail.to : [mail.to]).some((address) => address?.text.includes(to)));
}

/**
 * Waits (up to 10 s) for an email to `to` whose subject is `subject` (or matches it: a subject that
 * ends in a reference the spec does not know), and answers the newest such.
 */
export async function waitForMail(to: string, subject: string | RegExp): Promise<ParsedMail> {
  const fits = (mail: ParsedMail) => (typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject ?? ''));
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailTo(to)).filter(fits).at(-1);
        return found !== undefined;
      },
      { timeout: 10_000, message: `an email "${subject}" to ${to}` },
    )
    .toBe(true);
  if (!found) throw new Error('unreachable');
  return found;
}
