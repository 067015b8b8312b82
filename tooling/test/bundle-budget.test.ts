import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';

const script = join(import.meta.dirname, '..', '..', 'scripts', 'bundle-budget.mjs');
const folders: string[] = [];
afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** A built app with random bytes (gzip cannot shrink them) as scripts of the given sizes: the entry with a shared library, each page its own file. */
function builtApp(pages: Record<string, number>, { entry = 2_000, library = 20_000 } = {}): string {
  const dist = mkdtempSync(join(tmpdir(), 'portal-budget-'));
  folders.push(dist);
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, '.vite'));
  const script = (name: string, bytes: number) => {
    writeFileSync(join(dist, 'assets', name), randomBytes(bytes));
    return `assets/${name}`;
  };
  const manifest: Record<string, unknown> = {
    '_library.js': { file: script('library.js', library) },
    'index.html': { file: script('index.js', entry), isEntry: true, imports: ['_library.js'] },
  };
  for (const [page, bytes] of Object.entries(pages)) manifest[page] = { file: script(`${page.split('/').pop()}.js`, bytes), isDynamicEntry: true, imports: ['_library.js'] };
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dist;
}

const everyPage = {
  'src/features/home/pages/home-page.tsx': 1_000,
  'src/features/auth/pages/login-page.tsx': 1_000,
  'src/features/letters/pages/user-dashboard-page.tsx': 1_000,
  'src/features/letters/pages/employee-dashboard-page.tsx': 1_000,
  'src/features/obligations/pages/financial-obligations-page.tsx': 1_000,
  'src/features/obligations/pages/create-obligations-page.tsx': 1_000,
  'src/features/cases/pages/case-resolutions-page.tsx': 1_000,
  'src/features/admin/pages/admin-dashboard-page.tsx': 30_000,
  'src/features/verify/pages/verify-page.tsx': 1_000,
  'src/features/rate/pages/rate-page.tsx': 1_000,
  'src/features/performance/pages/performance-page.tsx': 1_000,
  'src/features/notifications/pages/notification-settings-page.tsx': 1_000,
  'src/features/account/pages/account-page.tsx': 1_000,
  'src/features/account/two-factor/pages/two-factor-page.tsx': 1_000,
  'src/features/passwords/pages/change-password-page.tsx': 1_000,
  'src/features/passwords/pages/password-reset-page.tsx': 1_000,
  'src/features/matters/pages/matters-page.tsx': 1_000,
};

/** Every screen held to `kB`. */
function budget(dist: string, kB: number) {
  return spawnSync(process.execPath, [script, '--dist', dist, '--budget-kb', String(kB)], { encoding: 'utf8' });
}

test('a screen whose initial scripts weigh more than the budget fails the step and is named', () => {
  // Entry + library weigh 22 kB on every screen; the admin page adds 30 kB.
  const run = budget(builtApp(everyPage), 40);
  expect(run.status).toBe(1);
  expect(run.stdout).toMatch(/^OVER \/admin /m);
  expect(run.stdout).toMatch(/^ok {3}\/login /m);
  expect(run.stdout).toContain('1 screen(s) over the budget of 40.0 kB');
});

test('every screen within the budget passes, each listed with its scripts', () => {
  const run = budget(builtApp(everyPage), 100);
  expect(run.status).toBe(0);
  expect(run.stdout).toMatch(/^ok {3}\/createCase .*case-resolutions-page\.tsx\.js/m);
  expect(run.stdout).toContain('every screen within the budget of 100.0 kB');
});

test('a lazily loaded page nobody budgeted fails the step', () => {
  const run = budget(builtApp({ ...everyPage, 'src/features/reports/pages/reports-page.tsx': 1_000 }), 100);
  expect(run.status).toBe(1);
  expect(run.stderr).toContain('src/features/reports/pages/reports-page.tsx');
});
