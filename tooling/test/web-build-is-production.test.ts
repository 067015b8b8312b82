import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
// `npm test` (scripts/test-all.mjs) already built the web app for the browser tests with
// NODE_ENV=development exported and names that folder here; run alone, this test builds its own.
const prebuilt = process.env.WEB_DIST_BUILT_UNDER_NODE_ENV_DEVELOPMENT;
const outDir = prebuilt ?? mkdtempSync(join(tmpdir(), 'portal-web-build-'));
afterAll(() => {
  if (!prebuilt) rmSync(outDir, { recursive: true, force: true });
});

// `npm start` builds the web app with whatever NODE_ENV the shell exported; a developer's shell often
// has NODE_ENV=development, and the portal must still ship React's production build.
let build: { status: number | null; stderr: string } = { status: 0, stderr: '' };
beforeAll(() => {
  if (prebuilt) return;
  build = spawnSync('npm', ['run', 'build', '-w', '@portal/web', '--', '--outDir', outDir, '--emptyOutDir'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'development' },
    encoding: 'utf8',
  });
}, 180_000);

test('the web build is a production build even when the shell exports NODE_ENV=development', () => {
  expect(build.status, build.stderr).toBe(0);
  const scripts = readdirSync(join(outDir, 'assets')).filter((name) => name.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(0);
  // Only React's development build names its owner-stack frames; only React Router's (the one its
  // package exports) warns about descendant <Routes> and carries a default error page for developers.
  const developmentOnly = scripts.filter((name) => {
    const code = readFileSync(join(outDir, 'assets', name), 'utf8');
    return ['react-stack-top-frame', 'You rendered descendant <Routes>', 'Hey developer'].some((marker) => code.includes(marker));
  });
  expect(developmentOnly).toEqual([]);
});

// The contract declares which of its files have side effects so the bundler can leave out the schema
// files a screen does not use; zod-config.ts, and index.ts that imports it, must survive that. Without
// it zod probes `new Function` (a CSP violation on every page) and words unconfigured checks as
// "Invalid input" instead of zod's English.
test("the web build keeps the contract's zod settings: no code generation, zod's English wording", () => {
  expect(build.status, build.stderr).toBe(0);
  const scripts = readdirSync(join(outDir, 'assets'))
    .filter((name) => name.endsWith('.js'))
    .map((name) => readFileSync(join(outDir, 'assets', name), 'utf8'));
  expect(scripts.some((code) => /jitless:\s*(?:true|!0)/.test(code))).toBe(true);
  expect(scripts.some((code) => code.includes('Too small: expected'))).toBe(true);
});
