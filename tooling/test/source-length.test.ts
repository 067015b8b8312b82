import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// Issue 31: no source file over 300 lines, so each part of the code can be read whole. Tests are
// exempt (a scenario reads top to bottom), and so is the access-policy table: one file to review.

const root = path.resolve(import.meta.dirname, '../..');
const MAX_LINES = 300;
const EXEMPT = ['apps/api/src/access-policy.ts'];
/** Folders that hold no source of ours: installed, built, generated or run output. */
const SKIPPED = new Set(['node_modules', 'dist', '.git', 'data', 'coverage', 'test-results', 'playwright-report', 'results', 'screenshots']);
const isSource = (name: string) => /\.(ts|tsx|mjs|js)$/.test(name) && !/\.(test\.tsx?|spec\.ts|d\.ts)$/.test(name);

/** Every source file under `top` longer than the limit, as `path: lines`. */
function overLong(top: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED.has(entry.name)) walk(full);
        continue;
      }
      const relative = path.relative(top, full).split(path.sep).join('/');
      if (!entry.isFile() || !isSource(entry.name) || EXEMPT.includes(relative)) continue;
      const lines = readFileSync(full, 'utf8').split('\n').length - (readFileSync(full, 'utf8').endsWith('\n') ? 1 : 0);
      if (lines > MAX_LINES) found.push(`${relative}: ${lines}`);
    }
  };
  walk(top);
  return found.sort();
}

describe('source files', () => {
  it(`have ${MAX_LINES} lines at most (tests and the access-policy table aside)`, () => {
    expect(overLong(root)).toEqual([]);
  });
});

describe('the guard (on a planted tree)', () => {
  const planted = mkdtempSync(path.join(tmpdir(), 'source-length-'));
  afterAll(() => rmSync(planted, { recursive: true, force: true }));
  const plant = (relative: string, lines: number) => {
    mkdirSync(path.dirname(path.join(planted, relative)), { recursive: true });
    writeFileSync(path.join(planted, relative), Array.from({ length: lines }, (_, i) => `export const line${i} = ${i};\n`).join(''));
  };

  it('fires on a source file of 301 lines, of any kind, and passes one of 300', () => {
    plant('apps/api/src/modules/letters/long.ts', 301);
    plant('apps/web/src/features/cases/Long.tsx', 302);
    plant('scripts/long.mjs', 350);
    plant('bench/load/just-right.ts', 300);
    expect(overLong(planted)).toEqual(['apps/api/src/modules/letters/long.ts: 301', 'apps/web/src/features/cases/Long.tsx: 302', 'scripts/long.mjs: 350']);
  });

  it('leaves tests, the access-policy table and installed or built files alone', () => {
    const before = overLong(planted);
    plant('apps/api/test/long.test.ts', 900);
    plant('e2e/specs/long.spec.ts', 900);
    plant('apps/api/src/access-policy.ts', 400);
    plant('node_modules/some-package/index.js', 900);
    plant('apps/web/dist/assets/index.js', 900);
    expect(overLong(planted)).toEqual(before);
  });
});
