import type { ContactPanelResponse } from '@portal/contract';
import { expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import { createVehicleCase, setStatus } from './helpers/cases.js';
import { describeEachEngine } from './helpers/engines.js';
import { expectApiError } from './helpers/expect-error.js';
import { createAdmin, createCitizen, createEmployee } from './helpers/factories.js';
import { call, createLetter } from './helpers/letters.js';
import { createObligation } from './helpers/obligations.js';

// Issue 33, point 3: the contact panel beside a conversation and a case.
describeEachEngine('the contact panel', (engine) => {
  const ctx = useTestApp(engine);

  it('shows staff the citizen\u2019s name, username, letters (L-n), cases (C-n) and unpaid obligations, the earliest due first', async () => {
    const citizen = await createCitizen(ctx.app, { firstName: 'Ewa', lastName: 'Wrona', phoneNumber: '612345678', dateOfBirth: '1984-02-29' });
    const [clerk, admin] = [await createEmployee(ctx.app), await createAdmin(ctx.app)];
    const letter = await createLetter(ctx.app, citizen, { subject: 'Bench in the park' });
    const created = await createVehicleCase(ctx.app, citizen);
    await setStatus(ctx.app, clerk, created.id, 'IN_PROGRESS');
    const later = await createObligation(ctx.app, clerk, citizen, { dueDate: '2026-06-30', description: 'Parking fee' });
    const sooner = await createObligation(ctx.app, clerk, citizen, { dueDate: '2026-04-15', paymentStatus: 'OVERDUE', description: 'Dog tax' });
    await createObligation(ctx.app, clerk, citizen, { dueDate: '2026-03-10', paymentStatus: 'PAID', description: 'Paid already' });

    for (const staff of [clerk, admin]) {
      const response = await call(ctx.app, staff, 'GET', `/api/contacts/${citizen.user.id}`);
      expect(response.statusCode, response.body).toBe(200);
      const panel = response.json() as ContactPanelResponse;
      expect(panel.person).toEqual({ id: citizen.user.id, firstName: 'Ewa', lastName: 'Wrona', username: citizen.user.username });
      expect(panel.letters).toEqual([
        { conversationId: letter.id, reference: `L-${letter.letterId}`, subject: 'Bench in the park', status: 'OPEN', createdAt: letter.createdAt },
      ]);
      expect(panel.cases).toEqual([
        expect.objectContaining({ id: created.id, reference: `C-${created.id}`, status: 'IN_PROGRESS', caseType: 'VEHICLE_REGISTRATION' }),
      ]);
      expect(panel.obligations.map((o) => [o.id, o.dueDate, o.paymentStatus])).toEqual([
        [sooner.id, '2026-04-15', 'OVERDUE'],
        [later.id, '2026-06-30', 'PENDING'],
      ]);
      // The staff projection: no email, phone number or date of birth anywhere in the answer.
      for (const secret of [citizen.user.email, '612345678', '1984-02-29']) expect(response.body).not.toContain(secret);
    }
  });

  it('refuses citizens, even about themselves (403), and answers 404 for an unknown id or a member of staff', async () => {
    const [citizen, clerk] = [await createCitizen(ctx.app), await createEmployee(ctx.app)];
    expectApiError(await call(ctx.app, citizen, 'GET', `/api/contacts/${citizen.user.id}`), 403);
    expectApiError(await call(ctx.app, null, 'GET', `/api/contacts/${citizen.user.id}`), 401);
    expectApiError(await call(ctx.app, clerk, 'GET', '/api/contacts/987654'), 404);
    expectApiError(await call(ctx.app, clerk, 'GET', `/api/contacts/${clerk.user.id}`), 404);
    expectApiError(await call(ctx.app, clerk, 'GET', '/api/contacts/abc'), 400);
  });
});
