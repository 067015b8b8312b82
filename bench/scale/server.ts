// The scale benchmark's server process: node --import tsx bench/scale/server.ts sqlite|postgres
//
// On the real API over a throw-away database (harness/server.ts: start, ready line, clean-up), it
// seeds 100,000 users and 1,000,000 obligations (seed.ts) and starts a bare Fastify next to it.
// Progress goes to stderr.
import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { hashPassword } from '../../apps/api/src/plugins/auth/index.js';
import { createUsersRepository } from '../../apps/api/src/modules/users/repository.js';
import { helloServer, runBenchServer } from '../harness/server.js';
import { benchUsername, isEmployeeIndex, random, USERS } from './data.js';
import type { ScaleParty, ScaleReady } from './protocol.js';
import { seedScale } from './seed.js';

const webDist = process.env.BENCH_WEB_DIST;

runBenchServer<ScaleReady>('scale server', 'bench/scale/server.ts', async ({ engine, buildApi }) => {
  const hasWebApp = webDist !== undefined && existsSync(webDist);
  const app = await buildApi({ webDist: hasWebApp ? webDist : undefined });

  const started = performance.now();
  // argon2id costs ~50 ms: every account shares one hash (nobody logs in here; tokens are signed).
  const figures = await seedScale(app.db, await hashPassword('BenchPass123'), (line) => console.error(`[scale ${engine}] ${line}`));
  const totalMs = Math.round(performance.now() - started);

  const users = createUsersRepository(app.db);
  const party = async (index: number): Promise<ScaleParty> => {
    const found = await users.findForLogin(benchUsername(index));
    if (!found) throw new Error(`${benchUsername(index)} was not seeded`);
    return { userId: found.user.id, username: found.user.username, token: await app.auth.tokens.sign(found.user) };
  };
  const next = random(7);
  const citizens: ScaleParty[] = [];
  while (citizens.length < 200) {
    const index = Math.floor(next() * USERS);
    if (!isEmployeeIndex(index)) citizens.push(await party(index));
  }
  const employee = await party(499);
  const labels = await users.labels('USER');
  // Common: parts of surnames many share. Rare: whole usernames with a two-digit number, which no
  // other username contains (the numbers stop at 49), so each matches one account.
  const common = ['nowak', 'kowal', 'ski', 'czyk', 'zak', 'mar', 'ost', 'wal', 'sik', 'dud'];
  const twoDigits = 9 * 2_080; // from the tenth round of initial + surname on
  const rare: string[] = [];
  while (rare.length < 20) {
    const index = twoDigits + Math.floor(next() * (USERS - twoDigits));
    if (!isEmployeeIndex(index)) rare.push(benchUsername(index));
  }

  return {
    listen: { api: app, hello: helloServer() },
    ready: { citizens, employee, labels, searches: { common, rare }, seed: { ...figures, totalMs }, webApp: hasWebApp },
  };
});
