#!/usr/bin/env node
// The JavaScript a browser must download before each first screen draws, gzip-compressed, against a
// budget: a size, not a time, so it gives the same answer on every machine. Reads the Vite manifest
// of a built web app (apps/web/dist/.vite/manifest.json) and follows each screen's static imports.
//
//   node scripts/bundle-budget.mjs [--dist apps/web/dist] [--budget-kb 150] [--strict]
//
// The budget is issue 16's target, 150 kB. A screen not down to it yet has its own interim ceiling
// in the table below (its size on 2026-11-24 after the contract moved to zod/mini with its schemas
// in files of their own, the passkey library left the first screens, GET /api/users/me got an early
// file and React Router its production build; at most 0.5 kB of room), so it cannot grow unnoticed either; --strict
// holds every screen to the budget. Exit 1 when a screen is over its limit, when the manifest is
// missing, or when a lazily loaded page exists that the table does not name (a new screen must be
// budgeted too).
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

/**
 * Each first screen: the page module loaded on top of index.html. `interimKb`: a screen still over
 * the target. What index.html alone loads (gzip, 2026-11-24): react-dom, React Router, react and the
 * scheduler 80.5 kB (`react`); i18next 12.3, TanStack Query 11 and zod/mini with its English wording
 * ~11 (`vendor`, 36.8; zod classic was ~21); every domain's messages in both languages ~11 (`http`:
 * the web's texts import them from the contract's `<domain>.ts` files, which build no schema); the
 * app shell ~12 with the live events' schemas: ~141 kB before a page's own code. The home, verify,
 * notification-settings and account screens fit. A screen with a visible form adds react-hook-form
 * and its zod resolver (`zod` chunk, 13.6), which alone takes it past 150; the others carry their
 * page and its feature's shared code (letters 6.2, the obligations chart's library 8.8, the
 * passkey library 3.5). Meeting 150 there needs a smaller fixed cost (loading only the reader's
 * language of the texts, a lighter shell) or the form library off the first screen.
 */
export const screens = [
  { path: '/', page: 'src/features/home/pages/home-page.tsx' },
  { path: '/login', page: 'src/features/auth/pages/login-page.tsx', interimKb: 163.8 },
  { path: '/user', page: 'src/features/letters/pages/user-dashboard-page.tsx', interimKb: 173.0 },
  { path: '/employee', page: 'src/features/letters/pages/employee-dashboard-page.tsx', interimKb: 160.3 },
  { path: '/financial-obligations', page: 'src/features/obligations/pages/financial-obligations-page.tsx', interimKb: 161.1 },
  { path: '/createObligations', page: 'src/features/obligations/pages/create-obligations-page.tsx', interimKb: 169.9 },
  { path: '/createCase', page: 'src/features/cases/pages/case-resolutions-page.tsx', interimKb: 159.7 },
  { path: '/admin', page: 'src/features/admin/pages/admin-dashboard-page.tsx', interimKb: 156.4 },
  { path: '/verify', page: 'src/features/verify/pages/verify-page.tsx' },
  { path: '/notification-settings', page: 'src/features/notifications/pages/notification-settings-page.tsx' },
  { path: '/account', page: 'src/features/account/pages/account-page.tsx' },
  { path: '/account/two-factor', page: 'src/features/account/two-factor/pages/two-factor-page.tsx', interimKb: 173.7 },
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
  return screens.map(({ path, page, interimKb }) => {
    const seen = new Set();
    const files = [...staticClosure(manifest, ENTRY, seen), ...(page ? staticClosure(manifest, page, seen) : [])].filter((file) => file.endsWith('.js'));
    const chunks = files.map((file) => ({ file, gzip: sizeOf(file) }));
    return { path, chunks, total: chunks.reduce((sum, chunk) => sum + chunk.gzip, 0), interim: interimKb === undefined ? undefined : interimKb * 1000 };
  });
}

// kB as Vite prints them (1000 bytes).
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

function main() {
  const { values } = parseArgs({
    options: { dist: { type: 'string', default: 'apps/web/dist' }, 'budget-kb': { type: 'string', default: '150' }, strict: { type: 'boolean', default: false } },
  });
  const budget = Number(values['budget-kb']) * 1000;
  if (!Number.isFinite(budget) || budget <= 0) throw new Error(`--budget-kb must be a positive number, not ${values['budget-kb']}`);
  const results = measure(resolve(values.dist)).map((result) => ({ ...result, limit: values.strict ? budget : Math.max(budget, result.interim ?? 0) }));
  const over = results.filter(({ total, limit }) => total > limit);
  for (const { path, chunks, total, limit } of results) {
    const status = total > limit ? 'OVER' : total > budget ? 'high' : 'ok  ';
    const note = limit > budget ? ` (interim ceiling ${kb(limit)})` : '';
    console.log(`${status} ${path.padEnd(24)} ${kb(total).padStart(9)}${note}  ${chunks.map(({ file, gzip }) => `${file.replace(/^assets\//, '')} ${kb(gzip)}`).join(', ')}`);
  }
  const high = results.filter(({ total, limit }) => total > budget && total <= limit).length;
  console.log(
    `${over.length ? `${over.length} screen(s) over their limit` : 'every screen within its limit'}: the budget of ${kb(budget)} gzip of initial JavaScript` +
      (high ? `, ${high} screen(s) still above it within an interim ceiling` : ''),
  );
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
