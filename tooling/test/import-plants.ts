import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ESLint, type Linter } from 'eslint';
import { beforeAll, expect } from 'vitest';

// Plants imports in the real folders and lints them with the real eslint.config.js, so the import
// rules cannot silently switch off again (they did once: with no resolver, every import passed).
// Targets are real files found in the tree, so the test follows the tree as it grows.

export const root = path.resolve(import.meta.dirname, '../..');
export const web = path.join(root, 'apps/web/src');
export const api = path.join(root, 'apps/api/src');
const BOUNDARY_RULES = new Set([
  'import-x/no-restricted-paths',
  'portal/no-restricted-paths-except-types',
  'portal/no-cycle',
  'import-x/no-nodejs-modules',
  'no-restricted-imports',
]);

let eslint: ESLint;
let eslintWithoutIgnores: ESLint;

/** Call once at the top of a test file: the linters the plants go through. */
export function useLinters(): { readonly eslint: ESLint; readonly eslintWithoutIgnores: ESLint } {
  beforeAll(() => {
    eslint = new ESLint({ cwd: root });
    // The planted cycles live in a folder the normal lint ignores.
    eslintWithoutIgnores = new ESLint({ cwd: root, ignore: false });
  });
  return {
    get eslint() {
      return eslint;
    },
    get eslintWithoutIgnores() {
      return eslintWithoutIgnores;
    },
  };
}

const isSource = (name: string) => /\.tsx?$/.test(name) && !/\.(test|d)\.tsx?$/.test(name);

/** Source files under `dir`, sorted, nearest first. */
export function sourcesIn(dir: string): string[] {
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
  const files = entries.filter((e) => e.isFile() && isSource(e.name)).map((e) => path.join(dir, e.name));
  const nested = entries.filter((e) => e.isDirectory()).flatMap((e) => sourcesIn(path.join(dir, e.name)));
  return [...files, ...nested];
}

export function firstSource(dir: string): string {
  const file = sourcesIn(dir)[0];
  if (!file) throw new Error(`no source file to plant an import of under ${path.relative(root, dir)}`);
  return file;
}

export const folders = (dir: string) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();

/** The specifier a file in `fromDir` would write: `.js` for a `.ts` file on the API, none on the web. */
export function specifier(fromDir: string, target: string, style: 'api' | 'web'): string {
  let relative = path.relative(fromDir, target).split(path.sep).join('/');
  if (!relative.startsWith('.')) relative = `./${relative}`;
  return style === 'api' ? relative.replace(/\.tsx?$/, '.js') : relative.replace(/\.tsx?$/, '');
}

export async function boundaryProblems(filePath: string, code: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath });
  if (!result) throw new Error('ESLint returned no result');
  const fatal = result.messages.filter((m) => m.fatal);
  if (fatal.length > 0) throw new Error(`planted code did not parse: ${fatal[0]?.message}`);
  return result.messages.filter((m) => m.ruleId !== null && BOUNDARY_RULES.has(m.ruleId));
}

export interface Plant {
  /** The file that imports, inside the real folder whose rule is tested (it need not exist). */
  importer: string;
  target: string;
  style: 'api' | 'web';
  form?: 'value' | 'type' | 'inline-type' | 'type-reexport';
}

export function plantedCode({ importer, target, style, form = 'value' }: Plant): string {
  const from = specifier(path.dirname(importer), target, style);
  switch (form) {
    case 'value':
      return `import * as planted from '${from}';\nexport const keep = planted;\n`;
    case 'type':
      return `import type * as planted from '${from}';\nexport type Keep = typeof planted;\n`;
    case 'inline-type':
      return `import { type Planted } from '${from}';\nexport type Keep = Planted;\n`;
    case 'type-reexport':
      return `export type { Planted } from '${from}';\n`;
  }
}

export async function expectRefused(plant: Plant, rule: string) {
  const problems = await boundaryProblems(plant.importer, plantedCode(plant));
  const label = `${path.relative(root, plant.importer)} -> ${path.relative(root, plant.target)}`;
  expect(problems.map((p) => p.ruleId), `${label} must be refused`).toContain(rule);
  // An error, so `npm run lint` fails on it; a warning would only be printed.
  expect(problems.every((p) => p.severity === 2), label).toBe(true);
}

export async function expectAllowed(plant: Plant) {
  const problems = await boundaryProblems(plant.importer, plantedCode(plant));
  const label = `${path.relative(root, plant.importer)} -> ${path.relative(root, plant.target)} (${plant.form ?? 'value'})`;
  expect(problems.map((p) => `${p.ruleId}: ${p.message}`), `${label} must be allowed`).toEqual([]);
}

