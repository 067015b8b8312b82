import type { CaseDetailsResponse, CaseResolutionResponse } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import { auditRowsFor } from './helpers/audit.js';
import { countRows, createVehicleCase, setStatus, vehicleBody, vehicleCaseBody } from './helpers/cases.js';
import { describeEachEngine } from './helpers/engines.js';
import { expectApiError } from './helpers/expect-error.js';
import { createAdmin, createCitizen, createEmployee, type CreatedUser } from './helpers/factories.js';

const CREATE = '/api/case-resolution/create/VehicleRegistration';
const PLATE_MESSAGE = "Invalid vehicle number plate. Follow Polish standards (e.g., 'KR 12345').";

describeEachEngine('case resolutions', (engine) => {
  const ctx = useTestApp(engine);

  const create = (who: CreatedUser, payload: object) => ctx.app.inject({ method: 'POST', url: CREATE, headers: who.headers, payload });
  const details = async (who: CreatedUser, id: number) => {
    const response = await ctx.app.inject({ url: `/api/case-resolution/details/${id}`, headers: who.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as CaseDetailsResponse;
  };
  const list = async (who: CreatedUser, url: string) => {
    const response = await ctx.app.inject({ url, headers: who.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as CaseResolutionResponse[];
  };

  describe('creating a case', () => {
    it('stores a vehicle registration and answers the new case with its id, PENDING, for the caller', async () => {
      const citizen = await createCitizen(ctx.app);
      const before = Date.now();
      const created = await createVehicleCase(ctx.app, citizen);
      expect(created).toMatchObject({
        caseType: 'VEHICLE_REGISTRATION',
        userId: citizen.user.id,
        comments: 'First registration in Kraków',
        additionalDocuments: [],
        status: 'PENDING',
      });
      expect(created.id).toBeGreaterThan(0);
      expect(created.case_content_id).toEqual(expect.any(Number));
      expect(Date.parse(created.submissionDate)).toBeGreaterThanOrEqual(before - 1000);

      const found = await details(citizen, created.id);
      expect(found.caseResolutionDTO).toEqual(created);
      expect(found.vehicleRegistrationDTO).toEqual(vehicleBody());
      expect(found.statusHistory).toEqual([{ status: 'PENDING', changedAt: created.submissionDate, reason: null, kind: null }]);
      expect(found.documents).toEqual([]);
    });

    it('takes another case type through the same call with no vehicle data, and OTHER when no type is given', async () => {
      const citizen = await createCitizen(ctx.app);
      for (const vehicleRegistrationDTO of [undefined, null]) {
        const response = await create(citizen, { caseResolutionDTO: { caseType: 'IDENTITY_CARD' }, vehicleRegistrationDTO });
        expect(response.statusCode, response.body).toBe(201);
        const created = response.json() as CaseResolutionResponse;
        expect(created).toMatchObject({ caseType: 'IDENTITY_CARD', case_content_id: null, comments: null, userId: citizen.user.id });
        expect((await details(citizen, created.id)).vehicleRegistrationDTO).toBeNull();
      }
      const bare = await create(citizen, { caseResolutionDTO: {} });
      expect(bare.statusCode, bare.body).toBe(201);
      expect(bare.json()).toMatchObject({ caseType: 'OTHER', status: 'PENDING' });
    });

    it('stores the vehicle type OTHER when none is chosen', async () => {
      const citizen = await createCitizen(ctx.app);
      const created = await createVehicleCase(ctx.app, citizen, { vehicleType: undefined });
      expect((await details(citizen, created.id)).vehicleRegistrationDTO?.vehicleType).toBe('OTHER');
    });

    it('ignores the status, date and documents a client sends: a case starts PENDING, now, empty', async () => {
      const citizen = await createCitizen(ctx.app);
      const response = await create(citizen, {
        caseResolutionDTO: { caseType: 'OTHER', status: 'RESOLVED', submissionDate: '2001-01-01T00:00:00.000Z', additionalDocuments: ['x'] },
      });
      expect(response.json()).toMatchObject({ status: 'PENDING', additionalDocuments: [] });
      expect((response.json() as CaseResolutionResponse).submissionDate.startsWith('2001')).toBe(false);
    });

    it.each(['KR 12345', 'WA1234A', 'DW 1234X'])('accepts the plate %j', async (plate) => {
      const citizen = await createCitizen(ctx.app);
      const created = await createVehicleCase(ctx.app, citizen, { vehicleNumberPlate: plate });
      expect((await details(citizen, created.id)).vehicleRegistrationDTO?.vehicleNumberPlate).toBe(plate);
    });

    async function refused(vehicle: Record<string, unknown>): Promise<Record<string, string>> {
      const citizen = await createCitizen(ctx.app);
      const before = await countRows(ctx.app, 'case_resolutions');
      const response = await create(citizen, vehicleCaseBody(citizen, vehicle));
      const error = expectApiError(response, 400);
      expect(await countRows(ctx.app, 'case_resolutions')).toBe(before);
      return error.fields ?? {};
    }

    it.each(['kr 12345', 'K 12345', 'KRAK 1234', 'KR 123'])('refuses the plate %j with the spec message', async (plate) => {
      expect((await refused({ vehicleNumberPlate: plate }))['vehicleRegistrationDTO.vehicleNumberPlate']).toBe(PLATE_MESSAGE);
    });

    it('checks the VIN: 17 characters pass, 16 and 18 do not, an empty one is missing', async () => {
      const field = 'vehicleRegistrationDTO.vehicleVin';
      expect((await refused({ vehicleVin: 'A'.repeat(16) }))[field]).toBe('VIN must be exactly 17 characters.');
      expect((await refused({ vehicleVin: 'A'.repeat(18) }))[field]).toBe('VIN must be exactly 17 characters.');
      expect((await refused({ vehicleVin: '' }))[field]).toBe('Vin number is required.');
      const citizen = await createCitizen(ctx.app);
      const created = await createVehicleCase(ctx.app, citizen, { vehicleVin: 'B'.repeat(17) });
      expect((await details(citizen, created.id)).vehicleRegistrationDTO?.vehicleVin).toBe('B'.repeat(17));
    });

    it('checks the year: 1885 and next year are refused, 1886 and this year stored', async () => {
      const field = 'vehicleRegistrationDTO.vehicleYear';
      const thisYear = new Date().getFullYear();
      expect((await refused({ vehicleYear: 1885 }))[field]).toBe('Enter a valid vehicle year.');
      expect((await refused({ vehicleYear: thisYear + 1 }))[field]).toBe('Enter a valid vehicle year.');
      const citizen = await createCitizen(ctx.app);
      for (const year of [1886, thisYear]) {
        const created = await createVehicleCase(ctx.app, citizen, { vehicleYear: year });
        expect((await details(citizen, created.id)).vehicleRegistrationDTO?.vehicleYear).toBe(year);
      }
    });

    it('requires make, model, registration date and color with the spec messages', async () => {
      const fields = await refused({ vehicleMake: '', vehicleModel: ' ', registrationDate: undefined, vehicleColor: '' });
      expect(fields).toEqual({
        'vehicleRegistrationDTO.vehicleMake': 'Vehicle make is required.',
        'vehicleRegistrationDTO.vehicleModel': 'Vehicle model is required.',
        'vehicleRegistrationDTO.registrationDate': 'Registration date is required.',
        'vehicleRegistrationDTO.vehicleColor': 'Vehicle color required.',
      });
    });

    it('wants vehicle data with a vehicle registration, and none with another type', async () => {
      const citizen = await createCitizen(ctx.app);
      const missing = expectApiError(await create(citizen, { caseResolutionDTO: { caseType: 'VEHICLE_REGISTRATION' } }), 400);
      expect(missing.fields).toHaveProperty('vehicleRegistrationDTO');
      const extra = expectApiError(await create(citizen, { caseResolutionDTO: { caseType: 'OTHER' }, vehicleRegistrationDTO: vehicleBody() }), 400);
      expect(extra.fields).toHaveProperty('vehicleRegistrationDTO');
    });

    it('lets an admin open a case for an existing user, not for one that does not exist', async () => {
      const admin = await createAdmin(ctx.app);
      const citizen = await createCitizen(ctx.app);
      const forCitizen = await create(admin, vehicleCaseBody(citizen));
      expect(forCitizen.statusCode, forCitizen.body).toBe(201);
      expect(forCitizen.json()).toMatchObject({ userId: citizen.user.id });
      const error = expectApiError(await create(admin, { caseResolutionDTO: { userId: 987_654 } }), 400);
      expect(error.fields).toEqual({ 'caseResolutionDTO.userId': 'No such user.' });
    });
  });

  describe('lists', () => {
    it('gives staff every case in a status and a citizen only their own, newest first', async () => {
      const [anna, piotr, employee] = [await createCitizen(ctx.app), await createCitizen(ctx.app), await createEmployee(ctx.app)];
      const first = await createVehicleCase(ctx.app, anna);
      const second = await createVehicleCase(ctx.app, piotr);
      const third = await createVehicleCase(ctx.app, anna);

      const staffIds = (await list(employee, '/api/case-resolution/status/PENDING')).map((c) => c.id);
      expect(staffIds.filter((id) => [first.id, second.id, third.id].includes(id))).toEqual([third.id, second.id, first.id]);

      const annaList = await list(anna, '/api/case-resolution/status/PENDING');
      expect(annaList.map((c) => c.id)).toEqual([third.id, first.id]);
      expect(annaList[0]).toMatchObject({ caseType: 'VEHICLE_REGISTRATION', status: 'PENDING' });
    });

    it('lists a citizen\u2019s own cases in every status', async () => {
      const [citizen, employee] = [await createCitizen(ctx.app), await createEmployee(ctx.app)];
      const pending = await createVehicleCase(ctx.app, citizen);
      const rejected = await createVehicleCase(ctx.app, citizen);
      await setStatus(ctx.app, employee, rejected.id, 'REJECTED');
      const own = await list(citizen, `/api/case-resolution/user/${citizen.user.id}`);
      expect(own.map((c) => [c.id, c.status])).toEqual([
        [rejected.id, 'REJECTED'],
        [pending.id, 'PENDING'],
      ]);
    });

    it('refuses a status the spec does not know', async () => {
      const employee = await createEmployee(ctx.app);
      const response = await ctx.app.inject({ url: '/api/case-resolution/status/DONE', headers: employee.headers });
      expectApiError(response, 400);
    });
  });

  describe('status changes', () => {
    it('lets staff set any of the four statuses in any order, each in the history, and the pending list follows', async () => {
      const [citizen, employee, admin] = [await createCitizen(ctx.app), await createEmployee(ctx.app), await createAdmin(ctx.app)];
      const created = await createVehicleCase(ctx.app, citizen);

      const inProgress = await setStatus(ctx.app, employee, created.id, 'IN_PROGRESS');
      expect(inProgress).toMatchObject({ id: created.id, status: 'IN_PROGRESS' });
      expect((await list(employee, '/api/case-resolution/status/PENDING')).map((c) => c.id)).not.toContain(created.id);
      expect((await list(employee, '/api/case-resolution/status/IN_PROGRESS')).map((c) => c.id)).toContain(created.id);

      await setStatus(ctx.app, admin, created.id, 'REJECTED');
      await setStatus(ctx.app, employee, created.id, 'PENDING');
      const resolved = await setStatus(ctx.app, employee, created.id, 'RESOLVED');

      const found = await details(citizen, created.id);
      expect(found.caseResolutionDTO.status).toBe('RESOLVED');
      expect(found.statusHistory.map((entry) => entry.status)).toEqual(['PENDING', 'IN_PROGRESS', 'REJECTED', 'PENDING', 'RESOLVED']);
      expect(found.statusHistory.at(-1)?.changedAt).toBe(resolved.statusChangedAt);
    });

    it('leaves an audit row per change: who, the case, the status before and after (and the handler when it changed, issue 33)', async () => {
      const [citizen, employee, admin] = [await createCitizen(ctx.app), await createEmployee(ctx.app), await createAdmin(ctx.app)];
      const created = await createVehicleCase(ctx.app, citizen);
      await setStatus(ctx.app, employee, created.id, 'IN_PROGRESS');
      await setStatus(ctx.app, admin, created.id, 'RESOLVED');
      const rows = await auditRowsFor(ctx.app, 'case', created.id);
      expect(rows.map(({ actor_id, action, before, after }) => ({ actor_id, action, before, after }))).toEqual([
        {
          actor_id: employee.user.id,
          action: 'case.status.update',
          before: { status: 'PENDING', handlerId: null },
          after: { status: 'IN_PROGRESS', handlerId: employee.user.id },
        },
        { actor_id: admin.user.id, action: 'case.status.update', before: { status: 'IN_PROGRESS' }, after: { status: 'RESOLVED' } },
      ]);
    });

    it('records nothing when the case already has the chosen status', async () => {
      const [citizen, employee] = [await createCitizen(ctx.app), await createEmployee(ctx.app)];
      const created = await createVehicleCase(ctx.app, citizen);
      const same = await setStatus(ctx.app, employee, created.id, 'PENDING');
      expect(same.statusChangedAt).toBe(created.statusChangedAt);
      expect((await details(citizen, created.id)).statusHistory).toHaveLength(1);
      expect(await auditRowsFor(ctx.app, 'case', created.id)).toEqual([]);
    });

    it('answers 404 for an unknown case and 400 for an unknown status', async () => {
      const employee = await createEmployee(ctx.app);
      expectApiError(await ctx.app.inject({ method: 'PUT', url: '/api/case-resolution/987654/update-status/RESOLVED', headers: employee.headers }), 404);
      const citizen = await createCitizen(ctx.app);
      const created = await createVehicleCase(ctx.app, citizen);
      expectApiError(
        await ctx.app.inject({ method: 'PUT', url: `/api/case-resolution/${created.id}/update-status/ARCHIVED`, headers: employee.headers }),
        400,
      );
    });
  });
});
