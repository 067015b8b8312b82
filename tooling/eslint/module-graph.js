import { readFileSync, statSync } from 'node:fs';
import { relative } from 'eslint-plugin-import-x/utils';
import ts from 'typescript';

/**
 * The project's import graph for portal/no-cycle, read once per lint process: each file's import
 * specifiers come from TypeScript's import scanner (`ts.preProcessFile`, which skips comments and
 * strings without building a syntax tree) and are resolved with import-x's resolver and settings.
 *
 * Why not import-x's ModuleInfo, which the rule walked before: ModuleInfo parses every reached file
 * a second time with the full TypeScript-ESTree parser and scope analysis, and each step of the walk
 * hashes the settings and stats the file; that was about 70 % of `npm run lint`.
 *
 * What counts as an import here: `import … from`, `import type … from`, `export … from`,
 * `import('…')` (also in a type position) and `import x = require('…')`. Files under node_modules
 * are not walked: no package imports our sources, so no cycle through our files passes there.
 */

/** How long a file's imports are trusted before its modification time is checked again (editors lint on). */
const RECHECK_AFTER_MS = 2_000;

/** path -> { mtimeMs, checkedAt, imports: [{ path, source: { value, line } }] } */
const graph = new Map();

function lineStarts(text) {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

function lineOf(starts, position) {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle] <= position) low = middle;
    else high = middle - 1;
  }
  return low + 1;
}

function walked(path) {
  return !path.includes('/node_modules/') && /\.[cm]?[jt]sx?$/.test(path);
}

function readImports(path, context) {
  let text;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return [];
  }
  const starts = lineStarts(text);
  const imports = [];
  const seen = new Set();
  for (const { fileName, pos } of ts.preProcessFile(text, true, false).importedFiles) {
    let resolved;
    try {
      resolved = relative(fileName, path, context.settings, context);
    } catch {
      resolved = undefined;
    }
    // One entry per imported file, at its first import (the line the cycle message names).
    if (resolved == null || seen.has(resolved)) continue;
    seen.add(resolved);
    imports.push({ path: resolved, source: { value: fileName, line: lineOf(starts, pos) } });
  }
  return imports;
}

/** The files `path` imports (resolved), each with the specifier and line of its first import. */
export function importsOf(path, context) {
  if (!walked(path)) return [];
  const now = Date.now();
  const known = graph.get(path);
  if (known && now - known.checkedAt < RECHECK_AFTER_MS) return known.imports;
  let mtimeMs;
  try {
    mtimeMs = statSync(path).mtimeMs;
  } catch {
    graph.delete(path);
    return [];
  }
  if (known && known.mtimeMs === mtimeMs) {
    known.checkedAt = now;
    return known.imports;
  }
  const imports = readImports(path, context);
  graph.set(path, { mtimeMs, checkedAt: now, imports });
  return imports;
}
