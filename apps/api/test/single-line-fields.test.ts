import { beforeAll, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import { vehicleCaseBody } from './helpers/cases.js';
import { describeEachEngine } from './helpers/engines.js';
import { expectApiError } from './helpers/expect-error.js';
import { type CreatedUser, createAdmin, createCitizen, newRegistration } from './helpers/factories.js';
import { call, letterBody } from './helpers/letters.js';
import { changedTables, tableCounter } from './helpers/table-counts.js';

// Issue 34 point 9: one-line fields refuse line breaks and controls, the length of what was sent
// counts, and a text that is too long is called too long. The messages are written out here as
// a client reads them.
const NOT_ONE_LINE = 'Must be a single line of text without control characters.';

describeEachEngine('one-line fields through the API', (engine) => {
  const ctx = useTestApp(engine);
  let citizen: CreatedUser;
  let admin: CreatedUser;

  beforeAll(async () => {
    [citizen, admin] = await Promise.all([createCitizen(ctx.app), createAdmin(ctx.app)]);
  });

  it('refuses a registration whose names hold a line feed, a carriage return or U+2028, and stores nothing', async () => {
    const count = await tableCounter(ctx.app);
    const before = await count();
    const answer = await call(ctx.app, null, 'POST', '/register', newRegistration({ firstName: 'Anna\nAdmin', lastName: 'Kowalska\u2028Nowak' }));
    expect(expectApiError(answer, 400).fields).toEqual({ firstName: NOT_ONE_LINE, lastName: NOT_ONE_LINE });
    const employee = await call(ctx.app, admin, 'POST', '/register/employee', newRegistration({ firstName: 'Jan\rKowalski' }));
    expect(expectApiError(employee, 400).fields).toEqual({ firstName: NOT_ONE_LINE });
    // The public auth routes count every request per address (auth_counters): the limiter, not a record.
    expect(changedTables(before, await count()).filter((change) => !change.startsWith('auth_counters'))).toEqual([]);
  });

  it('calls 7,800 spaces and an x too long for a first name', async () => {
    const answer = await call(ctx.app, null, 'POST', '/register', newRegistration({ firstName: `${' '.repeat(7_800)}x` }));
    expect(expectApiError(answer, 400).fields).toEqual({ firstName: 'First name cannot exceed 30 characters' });
  });

  it('calls a 9,999-character subject too long, not missing, and refuses a subject on two lines', async () => {
    const long = await call(ctx.app, citizen, 'POST', '/api/letters', letterBody(citizen, { subject: 'x'.repeat(9_999) }));
    expect(expectApiError(long, 400).fields).toEqual({ subject: 'Subject cannot exceed 200 characters.' });
    const twoLines = await call(ctx.app, citizen, 'POST', '/api/letters', letterBody(citizen, { subject: 'Streetlight\r\nBcc: everyone' }));
    expect(expectApiError(twoLines, 400).fields).toEqual({ subject: NOT_ONE_LINE });
  });

  it('keeps the line breaks of a letter body', async () => {
    const answer = await call(ctx.app, citizen, 'POST', '/api/letters', letterBody(citizen, { content: 'Dear office,\nthe lamp is out.' }));
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json()).toMatchObject({ content: 'Dear office,\nthe lamp is out.' });
  });

  it('refuses a vehicle make with a line break', async () => {
    const answer = await call(ctx.app, citizen, 'POST', '/api/case-resolution/create/VehicleRegistration', vehicleCaseBody(citizen, { vehicleMake: 'Skoda\nOctavia' }));
    expect(expectApiError(answer, 400).fields).toEqual({ 'vehicleRegistrationDTO.vehicleMake': NOT_ONE_LINE });
  });
});
