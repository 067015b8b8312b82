import { createObligationRequest, obligationApiMessages, obligationMessages as m, type ObligationResponse } from '@portal/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createObligationsRepository } from '../src/modules/obligations/repository.js';
import { createObligationsService } from '../src/modules/obligations/service.js';
import { PortalEvents } from '../src/plugins/events.js';
import { useTestApp } from './helpers/app.js';
import { describeEachEngine } from './helpers/engines.js';
import { expectApiError } from './helpers/expect-error.js';
import { type CreatedUser, createAdmin, createCitizen, createEmployee } from './helpers/factories.js';
import { countObligations, createObligation, listObligations, obligationBody, postObligationJson } from './helpers/obligations.js';

// PL61 1090 1014 0000 0712 1981 2874: the example Polish IBAN of the IBAN registry (valid check digits).
const NRB = '61109010140000071219812874';

describeEachEngine('financial obligations', (engine) => {
  const ctx = useTestApp(engine);
  let citizen: CreatedUser;
  let otherCitizen: CreatedUser;
  let employee: CreatedUser;
  let admin: CreatedUser;

  beforeAll(async () => {
    [citizen, otherCitizen, employee, admin] = await Promise.all([
      createCitizen(ctx.app),
      createCitizen(ctx.app),
      createEmployee(ctx.app),
      createAdmin(ctx.app),
    ]);
  });

  describe('POST /api/financial-obligations', () => {
    it('lets an employee create one for a citizen, answering the exact amount and the fields of spec section 3', async () => {
      const created = await createObligation(ctx.app, employee, citizen, { amount: 1234.5, description: '  Property tax 2026  ' });
      expect(created).toEqual({
        id: expect.any(Number),
        interestId: citizen.user.id,
        amount: '1234.50',
        dueDate: '2026-03-31',
        issueDate: '2026-03-01',
        paymentStatus: 'PENDING',
        description: 'Property tax 2026',
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        transfer: null,
      });
      const listed = (await listObligations(ctx.app, citizen, citizen.user.id)).json() as ObligationResponse[];
      expect(listed.find((row) => row.id === created.id)).toEqual(created);
    });

    it('lets an admin create one, with PENDING when the status is left out and any of the three statuses', async () => {
      const { paymentStatus: _left, ...withoutStatus } = obligationBody(citizen);
      const response = await ctx.app.inject({ method: 'POST', url: '/api/financial-obligations', headers: admin.headers, payload: withoutStatus });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({ paymentStatus: 'PENDING' });
      for (const paymentStatus of ['PAID', 'OVERDUE']) {
        expect((await createObligation(ctx.app, admin, citizen, { paymentStatus })).paymentStatus).toBe(paymentStatus);
      }
    });

    it('accepts the amount as a decimal string too, and a description left out or empty as none', async () => {
      expect(await createObligation(ctx.app, employee, citizen, { amount: '99.9', description: undefined })).toMatchObject({
        amount: '99.90',
        description: null,
      });
      expect((await createObligation(ctx.app, employee, citizen, { amount: '0.01', description: '' })).description).toBeNull();
    });

    it('refuses a citizen, writing nothing', async () => {
      const before = await countObligations(ctx.app);
      const response = await ctx.app.inject({ method: 'POST', url: '/api/financial-obligations', headers: citizen.headers, payload: obligationBody(citizen) });
      expectApiError(response, 403);
      expect(await countObligations(ctx.app)).toBe(before);
      expectApiError(await ctx.app.inject({ method: 'POST', url: '/api/financial-obligations', payload: obligationBody(citizen) }), 401);
    });

    // The raw JSON text is sent so numbers arrive as written (1e309 is not even a JS number).
    it.each([
      ['0', m.amountNotPositive],
      ['-5', m.amountNotPositive],
      ['0.00', m.amountNotPositive],
      ['1.234', m.amountTooManyDecimals],
      ['"1.234"', m.amountTooManyDecimals],
      ['0.10000000000000000001', m.amountTooManyDecimals],
      ['0.0000001', m.amountTooManyDecimals],
      ['999999999.999', m.amountTooManyDecimals],
      ['-0', m.amountNotPositive],
      ['"abc"', m.amountInvalid],
      ['true', m.amountInvalid],
      ['{"value":5}', m.amountInvalid],
      ['1e309', m.amountTooLarge],
      ['1000000000', m.amountTooLarge],
      ['"999999999.991"', m.amountTooManyDecimals],
      ['null', m.amountRequired],
      ['""', m.amountRequired],
    ])('refuses amount %s with a field error, writing nothing', async (amountJson, message) => {
      const before = await countObligations(ctx.app);
      const { amount: _amount, ...rest } = obligationBody(citizen);
      const json = `${JSON.stringify(rest).slice(0, -1)},"amount":${amountJson}}`;
      const error = expectApiError(await postObligationJson(ctx.app, employee, json), 400);
      expect(error.fields).toEqual({ amount: message });
      expect(await countObligations(ctx.app)).toBe(before);
    });

    it('reads a JSON number amount from its text: 1e2 is 100.00, 0.1 is 0.10, 999999999.99 is the largest', async () => {
      for (const [text, amount] of [
        ['1e2', '100.00'],
        ['0.1', '0.10'],
        ['999999999.99', '999999999.99'],
        ['12.50', '12.50'],
      ]) {
        const { amount: _amount, ...rest } = obligationBody(citizen);
        const response = await postObligationJson(ctx.app, employee, `${JSON.stringify(rest).slice(0, -1)},"amount":${text}}`);
        expect(response.statusCode, `${text}: ${response.body}`).toBe(201);
        expect(response.json()).toMatchObject({ amount });
      }
    });

    it('reads the amount of a body that repeats the key from its last value, as every other field is read', async () => {
      const { amount: _amount, ...rest } = obligationBody(citizen);
      const body = (amounts: string) => `${JSON.stringify(rest).slice(0, -1)},${amounts}}`;
      const tooPrecise = await postObligationJson(ctx.app, employee, body('"amount":5,"amount":0.10000000000000000001'));
      expect(expectApiError(tooPrecise, 400).fields).toEqual({ amount: m.amountTooManyDecimals });
      const last = await postObligationJson(ctx.app, employee, body('"amount":0.10000000000000000001,"amount":7.5'));
      expect(last.statusCode, last.body).toBe(201);
      expect(last.json()).toMatchObject({ amount: '7.50' });
    });

    it('refuses a body with a __proto__ key or that is not JSON, and answers an empty body with its field errors', async () => {
      const before = await countObligations(ctx.app);
      const { amount: _amount, ...rest } = obligationBody(citizen);
      // 12 and the long amount: the two ways a body is read (see exact-amount-json.ts).
      for (const amount of ['12', '12.000000000000000001']) {
        const poisoned = `${JSON.stringify(rest).slice(0, -1)},"amount":${amount},"__proto__":{"isAdmin":true}}`;
        expect(expectApiError(await postObligationJson(ctx.app, employee, poisoned), 400).error).toBe('InvalidJson');
        const constructed = `${JSON.stringify(rest).slice(0, -1)},"amount":${amount},"constructor":{"prototype":{"isAdmin":true}}}`;
        expect(expectApiError(await postObligationJson(ctx.app, employee, constructed), 400).error).toBe('InvalidJson');
      }
      expect(expectApiError(await postObligationJson(ctx.app, employee, '{"amount":12,'), 400).error).toBe('InvalidJson');
      expect(expectApiError(await postObligationJson(ctx.app, employee, ''), 400).fields).toMatchObject({ amount: m.amountRequired });
      expect(await countObligations(ctx.app)).toBe(before);
    });

    it.each([
      ['dueDate', '2026-02-30', m.dueDateInvalid],
      ['dueDate', '2026-3-31', m.dueDateInvalid],
      ['dueDate', '', m.dueDateRequired],
      ['issueDate', '2025-02-29', m.issueDateInvalid],
      ['issueDate', undefined, m.issueDateRequired],
      ['issueDate', '1999-12-31', m.dateOutOfRange],
      ['paymentStatus', 'LATE', m.paymentStatusInvalid],
      ['paymentStatus', '', m.paymentStatusRequired],
      ['description', 'x'.repeat(501), m.descriptionTooLong],
      ['interestId', '5', m.interestIdInvalid],
      ['interestId', undefined, m.selectUser],
    ] as const)('refuses %s %j with a field error, writing nothing', async (field, value, message) => {
      const before = await countObligations(ctx.app);
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/financial-obligations',
        headers: employee.headers,
        payload: obligationBody(citizen, { [field]: value }),
      });
      expect(expectApiError(response, 400).fields).toEqual({ [field]: message });
      expect(await countObligations(ctx.app)).toBe(before);
    });

    it('refuses a due date before the issue date', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/financial-obligations',
        headers: employee.headers,
        payload: obligationBody(citizen, { issueDate: '2026-04-01', dueDate: '2026-03-31' }),
      });
      expect(expectApiError(response, 400).fields).toEqual({ dueDate: m.dueBeforeIssue });
    });

    it('names every missing required field of an empty body', async () => {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/financial-obligations', headers: employee.headers, payload: {} });
      expect(expectApiError(response, 400).fields).toEqual({
        interestId: m.selectUser,
        amount: m.amountRequired,
        dueDate: m.dueDateRequired,
        issueDate: m.issueDateRequired,
      });
    });

    it('refuses an owner who does not exist or is not a citizen, writing nothing', async () => {
      const before = await countObligations(ctx.app);
      for (const [interestId, message] of [
        [999_999, obligationApiMessages.unknownUser],
        [employee.user.id, obligationApiMessages.notCitizen],
        [admin.user.id, obligationApiMessages.notCitizen],
      ] as const) {
        const response = await ctx.app.inject({
          method: 'POST',
          url: '/api/financial-obligations',
          headers: employee.headers,
          payload: obligationBody(citizen, { interestId }),
        });
        expect(expectApiError(response, 400).fields).toEqual({ interestId: message });
      }
      expect(await countObligations(ctx.app)).toBe(before);
    });

    it('records each creation as one audit row (actor, action, the new values); a refused one records nothing', async () => {
      const auditRows = (entityId?: number) => {
        let query = ctx.app.db.selectFrom('audit_log').selectAll().where('entity_type', '=', 'obligation');
        if (entityId !== undefined) query = query.where('entity_id', '=', String(entityId));
        return query.execute();
      };
      const before = (await auditRows()).length;
      const created = await createObligation(ctx.app, employee, citizen, { amount: '0.30', description: 'Audited' });
      const rows = await auditRows(created.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ actor_id: employee.user.id, action: 'obligation.create', before_json: null });
      expect(JSON.parse(rows[0]?.after_json ?? 'null')).toEqual({
        interestId: citizen.user.id,
        amount: '0.30',
        dueDate: '2026-03-31',
        issueDate: '2026-03-01',
        paymentStatus: 'PENDING',
        description: 'Audited',
      });
      await ctx.app.inject({ method: 'POST', url: '/api/financial-obligations', headers: employee.headers, payload: obligationBody(citizen, { amount: 0 }) });
      await ctx.app.inject({ method: 'POST', url: '/api/financial-obligations', headers: employee.headers, payload: obligationBody(employee) });
      expect(await auditRows()).toHaveLength(before + 1);
    });

    it('writes nothing when the audit row cannot be written (one transaction)', async () => {
      const events = new PortalEvents(ctx.app.db, ctx.app.log);
      events.subscribeInTransaction(
        'audit',
        async () => {
          throw new Error('audit store unavailable');
        },
        'last',
      );
      const service = createObligationsService({
        obligations: createObligationsRepository(ctx.app.db),
        users: { findUser: async () => citizen.user },
        paymentAccount: null,
        events,
      });
      const before = await countObligations(ctx.app);
      const input = createObligationRequest.parse(obligationBody(citizen));
      await expect(service.create({ id: employee.user.id }, input)).rejects.toThrow('audit store unavailable');
      expect(await countObligations(ctx.app)).toBe(before);
    });

    it('keeps money exact: 0.10 and 0.20 are 10 and 20 grosze and total 0.30', async () => {
      const owner = await createCitizen(ctx.app);
      await createObligation(ctx.app, employee, owner, { amount: 0.1 });
      await createObligation(ctx.app, employee, owner, { amount: '0.20' });
      const listed = (await listObligations(ctx.app, owner, owner.user.id)).json() as ObligationResponse[];
      expect(listed.map((row) => row.amount).sort()).toEqual(['0.10', '0.20']);
      const stored = await ctx.app.db
        .selectFrom('financial_obligations')
        .select(sql<string | number>`sum(amount_grosze)`.as('total'))
        .where('interest_id', '=', owner.user.id)
        .executeTakeFirstOrThrow();
      expect(String(stored.total)).toBe('30');
      // The page adds the answers' texts as the web app does: digit by digit, never as floats.
      const [whole, cents] = listed.reduce(([w, c], row) => {
        const [rw, rc] = row.amount.split('.').map(Number) as [number, number];
        return [w + rw, c + rc];
      }, [0, 0]);
      expect(`${whole + Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`).toBe('0.30');
    });
  });

  describe('GET /api/financial-obligations/by-interest-id/{userId}', () => {
    it('lists a person\u2019s obligations by due date', async () => {
      const owner = await createCitizen(ctx.app);
      const late = await createObligation(ctx.app, employee, owner, { dueDate: '2027-01-15', issueDate: '2027-01-01' });
      const early = await createObligation(ctx.app, employee, owner, { dueDate: '2025-06-30', issueDate: '2025-06-01' });
      const middle = await createObligation(ctx.app, employee, owner, { dueDate: '2026-02-28', issueDate: '2026-02-01' });
      const response = await listObligations(ctx.app, owner, owner.user.id);
      expect(response.statusCode).toBe(200);
      expect((response.json() as ObligationResponse[]).map((row) => row.id)).toEqual([early.id, middle.id, late.id]);
    });

    it('answers a citizen without obligations with an empty list', async () => {
      const owner = await createCitizen(ctx.app);
      const response = await listObligations(ctx.app, owner, owner.user.id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([]);
    });

    it('refuses a citizen reading another citizen\u2019s obligations', async () => {
      await createObligation(ctx.app, employee, otherCitizen);
      const response = await listObligations(ctx.app, citizen, otherCitizen.user.id);
      expectApiError(response, 403);
      expect(response.body).not.toContain('Waste');
    });

    it('lets employees and admins read anyone\u2019s, and says 404 for a user that does not exist', async () => {
      await createObligation(ctx.app, employee, otherCitizen, { description: 'Dog tax' });
      for (const staff of [employee, admin]) {
        const response = await listObligations(ctx.app, staff, otherCitizen.user.id);
        expect(response.statusCode).toBe(200);
        expect((response.json() as ObligationResponse[]).some((row) => row.description === 'Dog tax')).toBe(true);
      }
      expectApiError(await listObligations(ctx.app, employee, 999_999), 404);
      expectApiError(await listObligations(ctx.app, employee, 0), 400);
    });
  });
});

describeEachEngine('financial obligations with the city\u2019s account configured', (engine) => {
  const ctx = useTestApp(engine, { paymentAccount: { nrb: NRB, recipientName: 'Urząd Miasta | Testowo', nip: '1234563218' } });

  it('gives an unpaid obligation the transfer details and the ZBP payment code with the city\u2019s NIP; a paid one none', async () => {
    const [citizen, employee] = await Promise.all([createCitizen(ctx.app), createEmployee(ctx.app)]);
    const pending = await createObligation(ctx.app, employee, citizen, { amount: 123.45, description: 'Podatek od psa' });
    expect(pending.transfer).toEqual({
      accountNumber: NRB,
      recipientName: 'Urząd Miasta | Testowo',
      amount: '123.45',
      title: `FO ${pending.id} Podatek od psa`,
      paymentCode: `1234563218|PL|${NRB}|012345|Urząd Miasta Testowo|FO ${pending.id} Podatek od psa|||`,
    });
    const overdue = await createObligation(ctx.app, employee, citizen, { paymentStatus: 'OVERDUE', amount: 9999.99, description: null });
    expect(overdue.transfer?.paymentCode).toBe(`1234563218|PL|${NRB}|999999|Urząd Miasta Testowo|FO ${overdue.id}|||`);
    const paid = await createObligation(ctx.app, employee, citizen, { paymentStatus: 'PAID' });
    expect(paid.transfer).toBeNull();
  });

  it('has no payment code above 9 999.99 PLN (six digits of grosze) but still the transfer details', async () => {
    const [citizen, employee] = await Promise.all([createCitizen(ctx.app), createEmployee(ctx.app)]);
    const large = await createObligation(ctx.app, employee, citizen, { amount: 10000 });
    expect(large.transfer).toMatchObject({ accountNumber: NRB, amount: '10000.00', paymentCode: null });
  });
});
