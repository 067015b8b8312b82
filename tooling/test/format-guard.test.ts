import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// Lints planted code with the real eslint.config.js at real paths of the web app: a screen that
// builds its own Intl formatter (as six did, in US English as 'Mar 5, 2026, 9:30 AM' beside every
// other screen's '5 Mar 2026') fails the lint; lib/format, where the formatters live, does not.

const root = path.resolve(import.meta.dirname, '../..');
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

async function formatProblems(relativePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, relativePath) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-globals' || m.ruleId === 'no-restricted-properties').map((m) => m.message);
}

describe('dates, amounts and lists are formatted only in lib/format', () => {
  it.each([
    ['a date formatter in a feature', 'apps/web/src/features/account/sessions/planted.tsx', "export const when = new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date());"],
    ['a list format in the shell', 'apps/web/src/lib/planted.ts', "export const names = new Intl.ListFormat('en').format(['a', 'b']);"],
    ['a number formatter in a chart', 'apps/web/src/features/obligations/components/planted.tsx', 'export const tick = (value: number) => new Intl.NumberFormat().format(value);'],
    ['a date written with toLocaleDateString', 'apps/web/src/features/verify/planted.ts', 'export const day = (date: Date) => date.toLocaleDateString();'],
    ['an amount written with toLocaleString', 'apps/web/src/features/obligations/planted.ts', 'export const amount = (value: number) => value.toLocaleString();'],
    ['a list ordered with localeCompare', 'apps/web/src/features/letters/planted.ts', 'export const oldestFirst = (a: { at: string }, b: { at: string }) => a.at.localeCompare(b.at);'],
  ])('refuses %s', async (_what, file, code) => {
    const problems = await formatProblems(file, code);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/lib\/format/);
  });

  it('lets lib/format build them, and a screen call it', async () => {
    expect(await formatProblems('apps/web/src/lib/format/planted.ts', "export const f = new Intl.DateTimeFormat('en-GB');")).toEqual([]);
    expect(
      await formatProblems('apps/web/src/features/verify/planted.ts', "import { formatDateTime } from '../../lib/format';\nexport const at = formatDateTime('2026-03-05T09:30:00Z', 'en');"),
    ).toEqual([]);
  });

  it('leaves changing a word\u2019s case alone (not a format)', async () => {
    expect(await formatProblems('apps/web/src/features/cases/planted.ts', "export const plate = (value: string) => value.toLocaleUpperCase('pl');")).toEqual([]);
  });
});
