// Who the scale benchmark's requests are made as, and what they search for: shared by server.ts
// and the small run of the seed and queries in tooling/test/bench-scale-small.test.ts.
import type { FastifyInstance } from 'fastify';
import { issueDirectToken } from '../../apps/api/src/modules/sessions/direct-token.js';
import { createUsersRepository } from '../../apps/api/src/modules/users/repository.js';
import { BUSY_CITIZEN_INDEX, benchUsername, isEmployeeIndex, random, type ScaleSize } from './data.js';
import type { ScaleParties, ScaleParty } from './protocol.js';

const ADMIN_USERNAME = 'benchadmin';

export async function scaleParties(app: FastifyInstance, size: ScaleSize, passwordHash: string): Promise<ScaleParties> {
  const users = createUsersRepository(app.db);
  const accounts = size.citizens;
  const party = async (index: number): Promise<ScaleParty> => {
    const found = await users.findForLogin(benchUsername(index));
    if (!found) throw new Error(`${benchUsername(index)} was not seeded`);
    return { userId: found.user.id, username: found.user.username, token: await issueDirectToken(app, found.user) };
  };
  const next = random(7);
  const citizens: ScaleParty[] = [];
  while (citizens.length < Math.min(200, accounts / 2)) {
    const index = Math.floor(next() * accounts);
    if (!isEmployeeIndex(index)) citizens.push(await party(index));
  }
  const employee = await party(499);
  const busyCitizen = await party(BUSY_CITIZEN_INDEX);
  // The dashboard's reader: an admin of the office (the seed writes citizens and employees only).
  const adminUser =
    (await users.findForLogin(ADMIN_USERNAME))?.user ??
    (await users.insert({
      username: ADMIN_USERNAME,
      email: 'benchadmin@bench.example.org',
      passwordHash,
      firstName: 'Bench',
      lastName: 'Admin',
      role: 'ADMIN',
      phoneNumber: '501234567',
      dateOfBirth: '1980-01-01',
      enabled: true,
    }));
  const admin = { userId: adminUser.id, username: adminUser.username, token: await issueDirectToken(app, adminUser) };
  const labels = await users.labels('USER');
  // Common: parts of surnames many share. Rare: whole usernames with a number of two digits or
  // more that no longer username extends ("npiotrowski74" is inside "npiotrowski740" once there
  // are 740 rounds of initial + surname): each matches one account.
  const common = ['nowak', 'kowal', 'ski', 'czyk', 'zak', 'mar', 'ost', 'wal', 'sik', 'dud'];
  const ROUND = 2_080; // initials x surnames
  const largestNumber = Math.floor((accounts - 1) / ROUND) + 1;
  const firstRound = Math.max(9, Math.ceil((largestNumber + 1) / 10) - 1);
  const from = firstRound * ROUND;
  const rare: string[] = [];
  for (let tries = 0; rare.length < 20 && tries < 10_000 && accounts > from; tries += 1) {
    const index = from + Math.floor(next() * (accounts - from));
    if (!isEmployeeIndex(index)) rare.push(benchUsername(index));
  }
  return { citizens, busyCitizen, employee, admin, labels, searches: { common, rare } };
}
