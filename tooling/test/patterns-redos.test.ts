import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { checkSync } from 'recheck';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as contract from '../../packages/contract/src/index.js';

// Every regular expression the portal runs on input must run in linear time: one backtracking
// pattern let a single anonymous 100 KB request block the API for seconds (issue 17). This test
// finds every pattern in the source of the contract, the API and the web app (literals, `new
// RegExp` of a literal, and every pattern inside the contract's exported zod schemas, zod's own
// formats included) and hands each to recheck, a ReDoS checker. A pattern built from a
// non-literal text must be an exported contract constant, so its built value is checked here too.

const root = path.resolve(import.meta.dirname, '../..');
const SOURCE_ROOTS = ['packages/contract/src', 'apps/api/src', 'apps/web/src'];
const fixtures = path.join(import.meta.dirname, 'fixtures/redos');

interface Pattern {
  where: string;
  source: string;
  flags: string;
}
interface Scan {
  patterns: Pattern[];
  /** `new RegExp(x)` with a computed x that is not an exported contract constant. */
  unchecked: string[];
}

const isSource = (name: string) => /\.tsx?$/.test(name) && !/\.(test|d)\.tsx?$/.test(name);

function sourcesIn(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourcesIn(full);
    return entry.isFile() && isSource(entry.name) ? [full] : [];
  });
}

function isExportedConstInitializer(node: ts.Node): boolean {
  const declaration = node.parent;
  if (!ts.isVariableDeclaration(declaration) || declaration.initializer !== node) return false;
  const statement = declaration.parent.parent;
  return ts.isVariableStatement(statement) && (ts.getCombinedModifierFlags(declaration) & ts.ModifierFlags.Export) !== 0;
}

function scanFile(file: string, contractConstantsChecked: boolean): Scan {
  const text = readFileSync(file, 'utf8');
  const sourceFile = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const scan: Scan = { patterns: [], unchecked: [] };
  const where = (node: ts.Node) => `${path.relative(root, file)}:${sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const literal = node.getText(sourceFile);
      const end = literal.lastIndexOf('/');
      scan.patterns.push({ where: where(node), source: literal.slice(1, end), flags: literal.slice(end + 1) });
    } else if ((ts.isNewExpression(node) || ts.isCallExpression(node)) && ts.isIdentifier(node.expression) && node.expression.text === 'RegExp') {
      const [pattern, flags] = node.arguments ?? [];
      if (pattern && ts.isStringLiteralLike(pattern) && (!flags || ts.isStringLiteralLike(flags))) {
        scan.patterns.push({ where: where(node), source: pattern.text, flags: flags && ts.isStringLiteralLike(flags) ? flags.text : '' });
      } else if (!(contractConstantsChecked && isExportedConstInitializer(node))) {
        scan.unchecked.push(where(node));
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return scan;
}

function scanTree(dirs: string[]): Scan {
  const scans = dirs.flatMap((dir) =>
    sourcesIn(dir).map((file) => scanFile(file, path.relative(root, file).startsWith('packages/contract/src'))),
  );
  return { patterns: scans.flatMap((s) => s.patterns), unchecked: scans.flatMap((s) => s.unchecked) };
}

/** The patterns inside a zod schema: its string checks and formats, through objects, unions, pipes... */
function schemaPatterns(value: unknown, seen = new Set<unknown>()): RegExp[] {
  if (value === null || typeof value !== 'object' || seen.has(value)) return [];
  seen.add(value);
  if (value instanceof RegExp) return [value];
  if (Array.isArray(value)) return value.flatMap((item) => schemaPatterns(item, seen));
  if (value instanceof Set) return [...value].flatMap((item) => schemaPatterns(item, seen));
  const zod = (value as { _zod?: { def?: unknown; bag?: { patterns?: unknown } } })._zod;
  if (zod) return [...schemaPatterns(zod.bag?.patterns, seen), ...schemaPatterns(zod.def, seen)];
  if (Object.getPrototypeOf(value) !== Object.prototype) return [];
  return Object.values(value).flatMap((item) => schemaPatterns(item, seen));
}

function contractPatterns(): Pattern[] {
  return Object.entries(contract).flatMap(([name, value]) =>
    schemaPatterns(value).map((pattern) => ({ where: `@portal/contract ${name}`, source: pattern.source, flags: pattern.flags })),
  );
}

/**
 * recheck's verdict. Its time limit is wall-clock, so on a busy machine a pattern can come back
 * 'unknown' (out of time, not found unsafe): that one is asked again with a minute, once.
 */
function verdict({ source, flags }: Pattern): string {
  const first = checkSync(source, flags, { timeout: 10_000 }).status;
  return first === 'unknown' ? checkSync(source, flags, { timeout: 60_000 }).status : first;
}

/** Each pattern not proven safe, at every place it is written (each distinct pattern checked once). */
function notSafe(patterns: Pattern[]): string[] {
  const statuses = new Map<string, string>();
  return patterns.flatMap((p) => {
    const key = `/${p.source}/${p.flags}`;
    const status = statuses.get(key) ?? verdict(p);
    statuses.set(key, status);
    return status === 'safe' ? [] : [`${p.where} ${key}: ${status}`];
  });
}

describe('every pattern the portal runs', () => {
  it('finds the patterns of the contract, the API and the web app, and none can backtrack', () => {
    const scan = scanTree(SOURCE_ROOTS.map((dir) => path.join(root, dir)));
    const fromSchemas = contractPatterns();
    // The scan must really see the tree (and the schemas their formats), or this test proves nothing.
    expect(scan.patterns.length).toBeGreaterThan(30);
    expect(fromSchemas.map((p) => p.where)).toEqual(expect.arrayContaining(['@portal/contract registerRequest', '@portal/contract sendMessageRequest']));
    expect(scan.unchecked).toEqual([]);
    expect(notSafe([...scan.patterns, ...fromSchemas])).toEqual([]);
  }, 300_000);

  it('reports a backtracking literal, a backtracking RegExp of a literal and a computed RegExp', () => {
    const scan = scanTree([fixtures]);
    expect(notSafe(scan.patterns)).toEqual([
      expect.stringMatching(/^tooling\/test\/fixtures\/redos\/planted\.ts:\d+ .*: vulnerable$/),
      expect.stringMatching(/^tooling\/test\/fixtures\/redos\/planted\.ts:\d+ .*: vulnerable$/),
    ]);
    expect(scan.unchecked).toEqual([expect.stringMatching(/^tooling\/test\/fixtures\/redos\/planted\.ts:\d+$/)]);
  });

  it('would have caught the email pattern that froze the API', () => {
    expect(verdict({ where: 'old EMAIL_SHAPE', source: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', flags: '' })).toBe('vulnerable');
    expect(verdict({ where: 'EMAIL_SHAPE', source: contract.EMAIL_SHAPE.source, flags: '' })).toBe('safe');
  });
});
