// npm run bench:chat-history [-- --engines=sqlite,postgres --messages=10000 --runs=10 --warmup=2 --web-dist=<built web app>]
//
// How fast a long conversation opens in the browser (issue 9; a benchmark, not a test). Per engine
// it builds the real API (buildServer) on a throw-away database serving the built web app, seeds
// one conversation with --messages messages, and drives the Debian Chromium (never downloaded):
//  - open: on the User Dashboard's Your Conversations, from the click on the conversation to the
//    frame after its newest message is on screen at the bottom of the chat box (fresh page each run);
//  - older page: from scrolling the chat box to its top to the frame after the previous page is in;
//  - for reference, in the same page: fetching and parsing the whole chat as a spec client asks for
//    it (no parameters), and the newest page alone (?limit=50).
// The time is measured inside the page (performance.now, polled every animation frame). Prints a
// table, the target (open p95 < 500 ms) as PASS / MISS, and writes bench/results/chat-history-*.json.
import { MESSAGE_PAGE_SIZE } from '@portal/contract';
import { type Browser, chromium, type Page } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createLettersRepository } from '../../apps/api/src/modules/letters/repository.js';
import { createUsersRepository } from '../../apps/api/src/modules/users/repository.js';
import { issueDirectToken } from '../../apps/api/src/modules/sessions/direct-token.js';
import { hashPassword } from '../../apps/api/src/plugins/auth/index.js';
import { buildServer } from '../../apps/api/src/server.js';
import { chromiumLaunchOptions } from '../harness/chromium.js';
import { createThrowAwayDatabase, probePostgres, removeThrowAwayDatabase } from '../harness/databases.js';
import { adminDatabaseUrl } from '../harness/protocol.js';
import { benchConfig } from '../harness/server.js';
import { distribution, round, table } from '../harness/stats.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const RESULTS_DIR = fileURLToPath(new URL('../results/', import.meta.url));
const TARGET_OPEN_P95_MS = 500;
const SUBJECT = 'Street lighting on Lipowa, the whole story';

const { values: args } = parseArgs({
  options: {
    engines: { type: 'string', default: 'sqlite,postgres' },
    messages: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    'web-dist': { type: 'string' },
  },
});
const messages = Number(args.messages);
const runs = Number(args.runs);
const warmup = Number(args.warmup);
for (const [name, value] of [['messages', messages], ['runs', runs]] as const) {
  if (!(value > 0)) throw new Error(`--${name} must be a positive number`);
}
if (!(warmup >= 0)) throw new Error('--warmup must be 0 or more');
const engines = args.engines.split(',').map((name) => name.trim());
for (const engine of engines) if (engine !== 'sqlite' && engine !== 'postgres') throw new Error(`unknown engine "${engine}"`);

/** The web app as `npm start` serves it, built once into a temporary folder unless one is given. */
function buildWebApp(): { dir: string; remove: () => void } {
  if (args['web-dist']) return { dir: args['web-dist'], remove: () => undefined };
  const dir = mkdtempSync(join(tmpdir(), 'portal-bench-web-'));
  console.log(`building the web app into ${dir} ...`);
  const built = spawnSync('npm', ['run', 'build', '-w', '@portal/web', '--', '--outDir', dir, '--emptyOutDir'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the web build failed');
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

interface Scene {
  baseUrl: string;
  conversationId: number;
  token: string;
  newest: string;
  seedMs: number;
  close: () => Promise<void>;
}

async function startScene(engine: 'sqlite' | 'postgres', webDist: string): Promise<Scene> {
  const cleanups: (() => Promise<void> | void)[] = [];
  const { database, cleanup } = await createThrowAwayDatabase(engine);
  cleanups.push(() => removeThrowAwayDatabase(cleanup));
  const app = await buildServer(benchConfig(database, { webDist }));
  cleanups.unshift(() => app.close());

  const started = performance.now();
  const users = createUsersRepository(app.db);
  const letters = createLettersRepository(app.db);
  const passwordHash = await hashPassword('BenchPass123');
  const person = (role: 'USER' | 'EMPLOYEE', username: string, firstName: string, lastName: string) =>
    users.insert({ username, email: `${username}@bench.example.org`, passwordHash, firstName, lastName, role, phoneNumber: '501234567', dateOfBirth: '1990-05-17' });
  const citizen = await person('USER', 'benchcitizen', 'Anna', 'Nowak');
  const employee = await person('EMPLOYEE', 'benchclerk', 'Jan', 'Kowalski');
  const content = (i: number) => `Message ${i}: the streetlight in front of Lipowa 4 is still out, and the one at the corner flickers.`;
  const conversationId = await app.db.transaction().execute(async (trx) => {
    const id = await letters.createLetter(
      { userId: citizen.id, recipient: 'Public Works Department', subject: SUBJECT, content: 'The streetlights on Lipowa are out.', sentAt: new Date().toISOString() },
      trx,
    );
    await letters.takeConversation(id, employee.id, trx);
    for (let i = 1; i <= messages; i += 1) {
      await letters.sendMessage({ conversationId: id, sender: i % 2 === 0 ? employee : citizen, content: content(i) }, trx);
    }
    return id;
  });
  const seedMs = performance.now() - started;

  await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    conversationId,
    token: await issueDirectToken(app, citizen),
    newest: content(messages),
    seedMs,
    close: async () => {
      for (const cleanup of cleanups) await cleanup();
    },
  };
}

/** A fresh page of the User Dashboard on Your Conversations, the long conversation's entry shown. */
async function freshDashboard(browser: Browser, scene: Scene): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // tsx (esbuild keepNames) wraps named functions in __name(); the functions sent to the page need it too.
  await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
  await context.addCookies([{ name: 'auth_token', value: encodeURIComponent(scene.token), url: scene.baseUrl }]);
  const page = await context.newPage();
  await page.goto(`${scene.baseUrl}/user`);
  await page.getByRole('tab', { name: 'Your Conversations' }).click();
  await page.locator(`button[title="${SUBJECT}"]`).waitFor();
  return page;
}

/** Click -> the frame after the newest message is in the chat box, scrolled to it. */
function measureOpen(page: Page, newest: string): Promise<number> {
  return page.evaluate(
    ({ subject, text }) =>
      new Promise<number>((resolve, reject) => {
        const entry = Array.from(document.querySelectorAll('button')).find((button) => button.title === subject);
        if (!entry) return reject(new Error('no entry'));
        const start = performance.now();
        entry.click();
        const check = () => {
          const log = document.querySelector<HTMLElement>('[role="log"]');
          const shown = log && Array.from(log.querySelectorAll('.chat__content')).some((item) => item.textContent === text);
          if (log && shown && log.scrollTop + log.clientHeight >= log.scrollHeight - 2) requestAnimationFrame(() => resolve(performance.now() - start));
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
    { subject: SUBJECT, text: newest },
  );
}

/**
 * Scroll to the top -> the frame after the previous page is in the box; undefined when nothing
 * arrives within 5 s (a build of the web app that loads the whole chat at once: --web-dist).
 */
async function measureOlderPage(page: Page): Promise<number | undefined> {
  const ms = await page.evaluate(
    (pageSize) =>
      new Promise<number>((resolve) => {
        const log = document.querySelector<HTMLElement>('[role="log"]');
        const count = () => log?.querySelectorAll('.chat__content').length ?? 0;
        const before = count();
        const start = performance.now();
        if (log) log.scrollTop = 0;
        const check = () => {
          if (count() >= before + pageSize) requestAnimationFrame(() => resolve(performance.now() - start));
          else if (performance.now() - start > 5_000) resolve(-1);
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
    MESSAGE_PAGE_SIZE,
  );
  return ms < 0 ? undefined : ms;
}

/** fetch + JSON.parse of a messages URL in the page, with the page's own token. */
function measureFetch(page: Page, path: string): Promise<{ ms: number; count: number; bytes: number }> {
  return page.evaluate(async (url) => {
    const token = decodeURIComponent(document.cookie.replace(/(?:^|.*;\s*)auth_token=([^;]*).*$/, '$1'));
    const start = performance.now();
    const response = await fetch(url, { headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' } });
    const text = await response.text();
    const list = JSON.parse(text) as unknown[];
    return { ms: performance.now() - start, count: list.length, bytes: text.length };
  }, path);
}

const summary = (values: number[]) => {
  const { p50, p95, max } = distribution(values);
  return { p50: round(p50), p95: round(p95), max: round(max) };
};

async function benchEngine(browser: Browser, engine: 'sqlite' | 'postgres', webDist: string) {
  const scene = await startScene(engine, webDist);
  try {
    const open: number[] = [];
    const older: number[] = [];
    const whole: number[] = [];
    const newestPage: number[] = [];
    let wholeShape = { count: 0, bytes: 0 };
    for (let run = 0; run < warmup + runs; run += 1) {
      const page = await freshDashboard(browser, scene);
      const openMs = await measureOpen(page, scene.newest);
      const olderMs = await measureOlderPage(page);
      const all = await measureFetch(page, `/api/conversations/${scene.conversationId}/messages`);
      const latest = await measureFetch(page, `/api/conversations/${scene.conversationId}/messages?limit=${MESSAGE_PAGE_SIZE}`);
      await page.context().close();
      if (all.count !== messages) throw new Error(`the whole chat answered ${all.count} messages, not ${messages}`);
      if (run < warmup) continue;
      open.push(openMs);
      if (olderMs !== undefined) older.push(olderMs);
      whole.push(all.ms);
      newestPage.push(latest.ms);
      wholeShape = { count: all.count, bytes: all.bytes };
    }
    return { engine, seedMs: round(scene.seedMs, 0), open, older, whole, newestPage, wholeShape };
  } finally {
    await scene.close();
  }
}

const web = buildWebApp();
const browser = await chromium.launch(chromiumLaunchOptions());
const reports = [];
try {
  for (const engine of engines as ('sqlite' | 'postgres')[]) {
    if (engine === 'postgres') {
      const problem = await probePostgres(adminDatabaseUrl());
      if (problem) {
        console.error(`\n*** PostgreSQL SKIPPED: ${adminDatabaseUrl()} is unreachable (${problem}) ***\n`);
        continue;
      }
    }
    console.log(`\n${engine}: seeding ${messages} messages, then ${warmup} warm-up + ${runs} measured runs ...`);
    reports.push(await benchEngine(browser, engine, web.dir));
  }
} finally {
  await browser.close();
  web.remove();
}

const rows: string[][] = [];
const targets: { engine: string; p95: number; met: boolean }[] = [];
for (const report of reports) {
  const line = (what: string, values: number[]) => {
    const { p50, p95, max } = summary(values);
    rows.push([report.engine, what, String(values.length), String(p50), String(p95), String(max)]);
  };
  line('open the chat (click -> newest message on screen)', report.open);
  if (report.older.length > 0) line(`older page on scroll (+${MESSAGE_PAGE_SIZE})`, report.older);
  line(`fetch + parse the whole chat (${report.wholeShape.count} msgs, ${round(report.wholeShape.bytes / 1e6, 2)} MB)`, report.whole);
  line(`fetch + parse the newest page (?limit=${MESSAGE_PAGE_SIZE})`, report.newestPage);
  const p95 = summary(report.open).p95;
  targets.push({ engine: report.engine, p95, met: p95 < TARGET_OPEN_P95_MS });
}
console.log(`\nA ${messages}-message conversation in Chromium, ${cpus().length} CPUs, Node ${process.version} (ms)\n`);
console.log(table(['engine', 'what', 'runs', 'p50', 'p95', 'max'], rows));
for (const target of targets) {
  console.log(`${target.met ? 'PASS' : 'MISS'}  ${target.engine}: opening p95 ${target.p95} ms (target < ${TARGET_OPEN_P95_MS} ms)`);
}

mkdirSync(RESULTS_DIR, { recursive: true });
const file = join(RESULTS_DIR, `chat-history-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(file, JSON.stringify({ messages, runs, warmup, reports, targets }, null, 2));
console.log(`\nraw figures: ${file}`);
