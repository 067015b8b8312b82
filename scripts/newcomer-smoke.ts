// `npx tsx scripts/newcomer-smoke.ts`: what a newcomer does on a machine with Node 20, checked by
// CI before the suite (which runs on Node 24): `npm start` on the machine's Node, then the spec's
// calls (SPEC.md section 7) with the demo accounts, one after the other as the web app makes them.
// Exits 0 when each answers as the spec says; the server is stopped either way.
import { type ChildProcess, spawn } from 'node:child_process';
import { api, letterBody, login, messageBody, registerCitizen, type Session } from './cluster-client.js';
import { freePort } from './cluster.js';

const START_DEADLINE_MS = 240_000;

async function waitUntilUp(base: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_DEADLINE_MS;
  while ((await fetch(`${base}/healthz`).then((response) => response.status, () => 0)) !== 200) {
    if (server.exitCode !== null) throw new Error(`npm start ended with exit ${server.exitCode}`);
    if (Date.now() > deadline) throw new Error(`npm start did not answer /healthz within ${START_DEADLINE_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function expectStatus(what: string, status: number, wanted: number[]): void {
  if (!wanted.includes(status)) throw new Error(`${what}: ${status}, the spec's client wants ${wanted.join(' or ')}`);
  console.log(`  ok  ${what}: ${status}`);
}

async function specCalls(base: string): Promise<void> {
  const citizen = await login(base, 'anowak', 'Citizen123');
  console.log('  ok  POST /login (demo citizen), GET /api/users/me');
  const newcomer = await registerCitizen(base);
  console.log(`  ok  POST /register (${newcomer.id})`);
  const employee: Session = await login(base, 'jkowalski', 'Employee123');
  const admin = await login(base, 'admin', 'Admin1234');

  const letter = await api<{ id: number }>(base, 'POST', '/api/letters', citizen, letterBody(citizen, `Newcomer check ${Date.now()}`));
  expectStatus('POST /api/letters', letter.status, [200, 201]);
  const mine = await api<{ id: number }[]>(base, 'GET', `/api/conversations/user/${citizen.id}`, citizen);
  expectStatus('GET /api/conversations/user/{userId}', mine.status, [200]);
  const conversation = mine.body.find((item) => item.id === letter.body.id) ?? mine.body[0];
  if (!conversation) throw new Error('the citizen has no conversation after sending a letter');
  const open = await api<{ id: number }[]>(base, 'GET', '/api/conversations?status=OPEN', employee);
  expectStatus('GET /api/conversations?status=OPEN', open.status, [200]);
  const take = await api(base, 'PUT', `/api/conversations/${conversation.id}/take?employeeId=${employee.id}`, employee);
  expectStatus('PUT /api/conversations/{id}/take', take.status, [200]);
  const reply = await api(base, 'POST', `/api/conversations/${conversation.id}/messages/send`, employee, messageBody(conversation.id, employee, 'We are on it.'));
  expectStatus('POST /api/conversations/{id}/messages/send', reply.status, [200, 201]);
  const messages = await api<unknown[]>(base, 'GET', `/api/conversations/${conversation.id}/messages`, citizen);
  expectStatus('GET /api/conversations/{id}/messages', messages.status, [200]);
  const resolved = await api(base, 'PUT', `/api/conversations/${conversation.id}/status`, employee, { status: 'RESOLVED' });
  expectStatus('PUT /api/conversations/{id}/status', resolved.status, [200]);

  const obligation = await api(base, 'POST', '/api/financial-obligations', employee, {
    interestId: citizen.id,
    amount: 120.5,
    dueDate: '2026-03-31',
    paymentStatus: 'PENDING',
    issueDate: '2026-03-01',
    description: 'Waste collection fee, Q1',
  });
  expectStatus('POST /api/financial-obligations', obligation.status, [200, 201]);
  const obligations = await api(base, 'GET', `/api/financial-obligations/by-interest-id/${citizen.id}`, citizen);
  expectStatus('GET /api/financial-obligations/by-interest-id/{userId}', obligations.status, [200]);

  const created = await api<{ id: number }>(base, 'POST', '/api/case-resolution/create/VehicleRegistration', citizen, {
    caseResolutionDTO: { caseType: 'VEHICLE_REGISTRATION', comments: 'First registration' },
    vehicleRegistrationDTO: {
      vehicleNumberPlate: 'KR 12345',
      vehicleMake: 'Skoda',
      vehicleModel: 'Octavia',
      vehicleYear: 2019,
      registrationDate: '2024-05-02',
      vehicleColor: 'Blue',
      vehicleVin: 'TMBJJ7NE8K0123456',
      vehicleType: 'SEDAN',
    },
  });
  expectStatus('POST /api/case-resolution/create/VehicleRegistration', created.status, [200, 201]);
  const status = await api(base, 'PUT', `/api/case-resolution/${created.body.id}/update-status/IN_PROGRESS`, employee);
  expectStatus('PUT /api/case-resolution/{id}/update-status/{status}', status.status, [200]);
  const details = await api(base, 'GET', `/api/case-resolution/details/${created.body.id}`, citizen);
  expectStatus('GET /api/case-resolution/details/{id}', details.status, [200]);

  expectStatus('GET /api/users/employees', (await api(base, 'GET', '/api/users/employees', admin)).status, [200]);
  expectStatus('GET /api/users', (await api(base, 'GET', '/api/users', employee)).status, [200]);
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
console.log(`newcomer: npm start on Node ${process.version} (port ${port})`);
const started = Date.now();
// Its own process group: `npm start` runs npm, then node; the whole group is stopped at the end.
const server = spawn('npm', ['start'], { env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
let failed = false;
try {
  await waitUntilUp(base, server);
  console.log(`newcomer: built and up in ${((Date.now() - started) / 1000).toFixed(1)} s; the spec's calls:`);
  await specCalls(base);
  console.log('newcomer: every call answered as the spec says');
} catch (error) {
  failed = true;
  console.error(`newcomer: FAILED: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  if (server.pid !== undefined && server.exitCode === null) {
    const ended = new Promise((resolve) => server.once('exit', resolve));
    process.kill(-server.pid, 'SIGTERM');
    await ended;
  }
}
process.exit(failed ? 1 : 0);
