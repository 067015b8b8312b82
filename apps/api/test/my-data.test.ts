import { createHash } from 'node:crypto';
import { EXPORTS_PER_HOUR, myDataPaths } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { addPdf, createVehicleCase, makePdf, setStatus } from './helpers/cases.js';
import { useTestApp } from './helpers/app.js';
import { describeEachEngine } from './helpers/engines.js';
import { expectApiError } from './helpers/expect-error.js';
import { type CreatedUser, createAdmin, createCitizen, createEmployee, uniqueTag } from './helpers/factories.js';
import { call, createLetter, messageBody, takenConversation } from './helpers/letters.js';
import { createObligation } from './helpers/obligations.js';
import { unzip } from './helpers/unzip.js';
import type { NotificationWorker } from '../src/modules/notifications/index.js';
import type { OutgoingEmail } from '../src/modules/notifications/transport.js';

async function download(app: FastifyInstance, who: CreatedUser, language = 'en') {
  const response = await app.inject({ url: myDataPaths.export, headers: { ...who.headers, 'accept-language': language } });
  return response;
}

const json = <T>(entries: Map<string, Buffer>, name: string): T => JSON.parse(entries.get(name)?.toString('utf8') ?? 'null') as T;

/** Every text value stored in the database, table by table (binary columns left out). */
async function everyStoredText(app: FastifyInstance): Promise<Map<string, string>> {
  const tables =
    app.dbEngine === 'postgres'
      ? (await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(app.db)).rows
      : (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(app.db)).rows;
  const texts = new Map<string, string>();
  for (const { name } of tables) {
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(app.db)).rows;
    texts.set(name, JSON.stringify(rows.map((row) => Object.values(row).filter((value) => typeof value === 'string'))));
  }
  return texts;
}

describeEachEngine('a citizen\u2019s own data', (engine) => {
  // The closure's farewell email holds the former address until it is sent: the worker is driven here.
  let worker: NotificationWorker | undefined;
  const sent: OutgoingEmail[] = [];
  const ctx = useTestApp(
    engine,
    {},
    { notifications: { autoStart: false, onWorker: (created) => (worker = created), transport: { send: async (email) => void sent.push(email), close: () => undefined } } },
  );

  describe('"Download my data"', () => {
    it('streams one ZIP with the account, letters and messages, obligations, cases and their PDFs byte for byte, and a README', async () => {
      const citizen = await createCitizen(ctx.app);
      const employee = await createEmployee(ctx.app);
      const conversation = await takenConversation(ctx.app, citizen, employee);
      const reply = await call(ctx.app, employee, 'POST', `/api/conversations/${conversation.id}/messages/send`, messageBody(conversation.id, employee, 'We are on it.'));
      expect(reply.statusCode, reply.body).toBe(201);
      await createObligation(ctx.app, employee, citizen, { amount: 0.1, description: 'Parking permit' });
      const vehicleCase = await createVehicleCase(ctx.app, citizen);
      const pdfs = [await makePdf('First page of a scan'), await makePdf('Last page of the scan')];
      await addPdf(ctx.app, citizen, vehicleCase.id, pdfs[0], 'dowód rejestracyjny.pdf');
      await addPdf(ctx.app, citizen, vehicleCase.id, pdfs[1], 'insurance.pdf');
      await setStatus(ctx.app, employee, vehicleCase.id, 'IN_PROGRESS');
      // Someone else's records never appear.
      const stranger = await createCitizen(ctx.app);
      await createLetter(ctx.app, stranger, { subject: 'Not yours' });

      const response = await download(ctx.app, citizen);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/zip');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.zip"$/);
      const entries = unzip(response.rawPayload);

      expect(entries.get('README.txt')?.toString('utf8')).toContain('Your data from the City Service Portal');
      expect(json(entries, 'account.json')).toMatchObject({ id: citizen.user.id, username: citizen.user.username, email: citizen.user.email });
      expect(entries.get('account.json')?.toString('utf8')).not.toMatch(/password/i);

      const letters = json<{ subject: string; status: string; messages: { from: string; content: string }[] }[]>(entries, 'letters.json');
      expect(letters).toHaveLength(1);
      expect(letters[0]).toMatchObject({ status: 'IN_PROGRESS', messages: [{ from: 'office', content: 'We are on it.' }] });

      expect(json(entries, 'obligations.json')).toMatchObject([{ amount: '0.10', description: 'Parking permit', paymentStatus: 'PENDING' }]);

      const cases = json<{ id: number; status: string; statusHistory: unknown[]; documents: { name: string; sha256: string; file: string }[] }[]>(entries, 'cases.json');
      expect(cases).toHaveLength(1);
      expect(cases[0]).toMatchObject({ id: vehicleCase.id, status: 'IN_PROGRESS' });
      expect(cases[0]?.documents.map((document) => document.name)).toEqual(['dowód rejestracyjny.pdf', 'insurance.pdf']);
      cases[0]?.documents.forEach((document, index) => {
        const bytes = entries.get(document.file);
        expect(bytes, document.file).toBeDefined();
        expect(Buffer.compare(bytes ?? Buffer.alloc(0), pdfs[index] ?? Buffer.alloc(1))).toBe(0);
        expect(document.sha256).toBe(createHash('sha256').update(pdfs[index] ?? '').digest('hex'));
      });
      expect([...entries.keys()].filter((name) => name.endsWith('.pdf'))).toHaveLength(2);
    });

    it('writes the README in Polish for a Polish reader', async () => {
      const citizen = await createCitizen(ctx.app);
      const entries = unzip((await download(ctx.app, citizen, 'pl-PL,pl;q=0.9')).rawPayload);
      expect(entries.get('CZYTAJ-TO.txt')?.toString('utf8')).toContain('Twoje dane z Portalu Usług Miejskich');
      expect(entries.has('README.txt')).toBe(false);
      expect(json(entries, 'letters.json')).toEqual([]);
    });

    it(`allows ${EXPORTS_PER_HOUR} downloads an hour per person, counted across servers, then answers 429 with Retry-After`, async () => {
      const citizen = await createCitizen(ctx.app);
      const other = await ctx.build();
      for (let i = 0; i < EXPORTS_PER_HOUR; i += 1) {
        expect((await download(i % 2 ? other : ctx.app, citizen)).statusCode).toBe(200);
      }
      const refused = await download(other, citizen);
      expectApiError(refused, 429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
      // Another person is not held back by it.
      expect((await download(ctx.app, await createCitizen(ctx.app))).statusCode).toBe(200);
    });
  });

  describe('"Close my account"', () => {
    it('asks, an admin approves: no personal field is left anywhere, the records stay under the pseudonym, and the audit chain verifies', async () => {
      const tag = uniqueTag();
      const personal = {
        username: `zp${tag}`,
        email: `bozydara.${tag}@example.org`,
        firstName: 'Bożydara',
        lastName: 'Przybyszewska',
        phoneNumber: '509876543',
        dateOfBirth: '1977-07-13',
      };
      const citizen = await createCitizen(ctx.app, personal);
      const signIn = await ctx.app.inject({
        method: 'POST',
        url: '/login',
        headers: { 'user-agent': 'Firefox of Bożydara' },
        payload: { username: personal.username, password: citizen.password },
      });
      const session = { authorization: `Bearer ${signIn.json<{ tokenJWT: string }>().tokenJWT}` };
      const employee = await createEmployee(ctx.app);
      const admin = await createAdmin(ctx.app);
      const obligation = await createObligation(ctx.app, employee, citizen);
      const vehicleCase = await createVehicleCase(ctx.app, citizen);
      await setStatus(ctx.app, employee, vehicleCase.id, 'RESOLVED');
      await call(ctx.app, citizen, 'PUT', '/api/users/me/language', { language: 'pl' });

      expect((await ctx.app.inject({ url: myDataPaths.closure, headers: session })).json()).toEqual({ status: 'NONE', requestedAt: null, refusedAt: null, refusalReason: null });
      const asked = await ctx.app.inject({ method: 'POST', url: myDataPaths.closure, headers: session });
      expect(asked.statusCode, asked.body).toBe(201);
      expect(asked.json()).toMatchObject({ status: 'REQUESTED' });
      expectApiError(await ctx.app.inject({ method: 'POST', url: myDataPaths.closure, headers: session }), 409);
      // Only admins see and approve requests; staff cannot "close" themselves this way.
      expectApiError(await ctx.app.inject({ url: myDataPaths.closureRequests, headers: employee.headers }), 403);
      expectApiError(await ctx.app.inject({ method: 'POST', url: myDataPaths.closure, headers: employee.headers }), 403);
      const pending = await ctx.app.inject({ url: myDataPaths.closureRequests, headers: admin.headers });
      expect(pending.json()).toEqual(expect.arrayContaining([expect.objectContaining({ userId: citizen.user.id, username: personal.username })]));

      const approved = await ctx.app.inject({ method: 'POST', url: myDataPaths.approve(citizen.user.id), headers: admin.headers });
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json()).toEqual({ userId: citizen.user.id, pseudonym: `closed-${citizen.user.id}` });
      expectApiError(await ctx.app.inject({ method: 'POST', url: myDataPaths.approve(citizen.user.id), headers: admin.headers }), 409);

      // Signed out everywhere.
      expectApiError(await ctx.app.inject({ url: '/api/users/me', headers: session }), 401);
      // The farewell email goes to the former address, in the stored language; then the address is gone.
      await worker?.runOnce();
      expect(sent.filter((email) => email.to === personal.email).map((email) => email.subject)).toContain('Konto zostało zamknięte');

      // No personal value is stored anywhere (receipts' signed PDFs are binary records the office keeps).
      const texts = await everyStoredText(ctx.app);
      for (const [table, text] of texts) {
        for (const value of [personal.username, personal.email, personal.firstName, personal.lastName, personal.phoneNumber, personal.dateOfBirth, 'Firefox of Bożydara']) {
          expect(text.toLowerCase().includes(value.toLowerCase()), `${table} still holds ${value}`).toBe(false);
        }
      }

      // The old username and password open nothing (checked after the scan: the login throttle
      // counts what is typed at login, whoever types it).
      const again = await ctx.app.inject({ method: 'POST', url: '/login', payload: { username: personal.username, password: citizen.password } });
      expect(again.statusCode).toBe(401);

      // The records the office keeps are still there, tied to the pseudonym.
      const obligations = await call(ctx.app, employee, 'GET', `/api/financial-obligations/by-interest-id/${citizen.user.id}`);
      expect(obligations.json()).toEqual([expect.objectContaining({ id: obligation.id })]);
      const details = await call(ctx.app, employee, 'GET', `/api/case-resolution/details/${vehicleCase.id}`);
      expect(details.statusCode, details.body).toBe(200);
      const found = await call(ctx.app, employee, 'GET', `/api/users?role=USER&q=closed-${citizen.user.id}`);
      expect(JSON.stringify(found.json())).toContain(`closed-${citizen.user.id}`);

      // Audited, and the chain (written before and after the closure) still verifies.
      const audit = await ctx.app.db.selectFrom('audit_log').select(['action', 'actor_id', 'after_json']).where('entity_id', '=', String(citizen.user.id)).where('entity_type', '=', 'user').orderBy('id').execute();
      expect(audit.map((row) => [row.action, Number(row.actor_id)])).toEqual([
        ['account.close-request', citizen.user.id],
        ['account.close', admin.user.id],
      ]);
      const verify = await call(ctx.app, admin, 'GET', '/api/audit/verify');
      expect(verify.json()).toMatchObject({ intact: true });
      expect(verify.json<{ checked: number }>().checked).toBeGreaterThanOrEqual(4);
    });

    it('refuses to approve an account nobody asked to close', async () => {
      const admin = await createAdmin(ctx.app);
      const citizen = await createCitizen(ctx.app);
      expectApiError(await ctx.app.inject({ method: 'POST', url: myDataPaths.approve(citizen.user.id), headers: admin.headers }), 409);
      expect((await ctx.app.inject({ url: '/api/users/me', headers: citizen.headers })).statusCode).toBe(200);
    });
  });
});
