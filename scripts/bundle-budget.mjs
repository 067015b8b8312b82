#!/usr/bin/env node
// The JavaScript a browser must download before each first screen draws, gzip-compressed, against a
// budget: a size, not a time, so it gives the same answer on every machine. Reads the Vite manifest
// of a built web app (apps/web/dist/.vite/manifest.json) and follows each screen's static imports.
//
//   node scripts/bundle-budget.mjs [--dist apps/web/dist] [--budget-kb 150]
//
// The budget is issue 16's target, 150 kB, for every screen alike. Exit 1 when a screen is over
// it, when the manifest is missing, or when a lazily loaded page exists that the table does not
// name (a new screen must be budgeted too).
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

/**
 * Each first screen: the page module loaded on top of index.html. What index.html alone loads
 * (gzip, 2026-11-24): react-dom, React Router, react and the scheduler ~80 kB (`react`); TanStack
 * Query and zod/mini with its English wording (`vendor`, ~22); the app shell with our own
 * translations and the contract's English messages (a reader of Polish fetches theirs besides):
 * ~125 kB before a page's own code. What a screen does not need for its first view (forms behind a
 * click, other tabs, dialogs, the QR library) loads when the browser is idle after it.
 */
export const screens = [
  { path: '/', page: 'src/features/home/pages/home-page.tsx' },
  { path: '/login', page: 'src/features/auth/pages/login-page.tsx' },
  { path: '/user', page: 'src/features/letters/pages/user-dashboard-page.tsx' },
  { path: '/employee', page: 'src/features/letters/pages/employee-dashboard-page.tsx' },
  { path: '/financial-obligations', page: 'src/features/obligations/pages/financial-obligations-page.tsx' },
  { path: '/createObligations', page: 'src/features/obligations/pages/create-obligations-page.tsx' },
  { path: '/createCase', page: 'src/features/cases/pages/case-resolutions-page.tsx' },
  { path: '/admin', page: 'src/features/admin/pages/admin-dashboard-page.tsx' },
  { path: '/verify', page: 'src/features/verify/pages/verify-page.tsx' },
  { path: '/rate', page: 'src/features/rate/pages/rate-page.tsx' },
  { path: '/performance', page: 'src/features/performance/pages/performance-page.tsx' },
  { path: '/notification-settings', page: 'src/features/notifications/pages/notification-settings-page.tsx' },
  { path: '/account', page: 'src/features/account/pages/account-page.tsx' },
  { path: '/account/two-factor', page: 'src/features/account/two-factor/pages/two-factor-page.tsx' },
  { path: '/account/password', page: 'src/features/passwords/pages/change-password-page.tsx' },
  { path: '/password-reset', page: 'src/features/passwords/pages/password-reset-page.tsx' },
  { path: '/matters', page: 'src/features/matters/pages/matters-page.tsx' },
];

const ENTRY = 'index.html';
/** Lazily loaded modules that are screens (the others are parts a screen loads on demand: a chart, a PDF viewer). */
const PAGE_MODULE = /^src\/features\/[^/]+\/pages\/[^/]+\.tsx$/;

/** The files of `key` and everything it imports statically, in load order, JavaScript only. */
function staticClosure(manifest, key, seen = new Set()) {
  if (seen.has(key)) return [];
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the manifest`);
  return [...(chunk.imports ?? []).flatMap((imported) => staticClosure(manifest, imported, seen)), chunk.file];
}

/** Per screen: its initial JavaScript files with their gzip sizes (bytes) and the total. */
export function measure(distDir) {
  const manifestFile = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} not found: build the web app first (npm run build -w @portal/web)`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const named = new Set(screens.map(({ page }) => page).filter(Boolean));
  const unnamed = Object.keys(manifest).filter((key) => PAGE_MODULE.test(key) && manifest[key].isDynamicEntry && !named.has(key));
  if (unnamed.length) throw new Error(`pages without a budget (add them to screens in scripts/bundle-budget.mjs): ${unnamed.join(', ')}`);
  const gzipped = new Map();
  const sizeOf = (file) => {
    if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length);
    return gzipped.get(file);
  };
  return screens.map(({ path, page }) => {
    const seen = new Set();
    const files = [...staticClosure(manifest, ENTRY, seen), ...(page ? staticClosure(manifest, page, seen) : [])].filter((file) => file.endsWith('.js'));
    const chunks = files.map((file) => ({ file, gzip: sizeOf(file) }));
    return { path, chunks, total: chunks.reduce((sum, chunk) => sum + chunk.gzip, 0) };
  });
}

// kB as Vite prints them (1000 bytes).
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

function main() {
  const { values } = parseArgs({
    options: { dist: { type: 'string', default: 'apps/web/dist' }, 'budget-kb': { type: 'string', default: '150' } },
  });
  const budget = Number(values['budget-kb']) * 1000;
  if (!Number.isFinite(budget) || budget <= 0) throw new Error(`--budget-kb must be a positive number, not ${values['budget-kb']}`);
  const results = measure(resolve(values.dist));
  const over = results.filter(({ total }) => total > budget);
  for (const { path, chunks, total } of results) {
    const status = total > budget ? 'OVER' : 'ok  ';
    console.log(`${status} ${path.padEnd(24)} ${kb(total).padStart(9)}  ${chunks.map(({ file, gzip }) => `${file.replace(/^assets\//, '')} ${kb(gzip)}`).join(', ')}`);
  }
  console.log(`${over.length ? `${over.length} screen(s) over the budget` : 'every screen within the budget'} of ${kb(budget)} gzip of initial JavaScript`);
  return over.length ? 1 : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    process.exitCode = main();
  } catch (error) {
    console.error(`bundle-budget: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
