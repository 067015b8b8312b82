import { beforeAll, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import { createVehicleCase } from './helpers/cases.js';
import { describeEachEngine } from './helpers/engines.js';
import { type CreatedUser, createCitizen, createEmployee } from './helpers/factories.js';
import { call } from './helpers/letters.js';
import { downloadReceipt, pdfText, receiptsOf } from './helpers/receipts.js';

const REASON = 'Brak podpisu na umowie kupna. Prosimy o przesłanie podpisanej umowy.';

/**
 * Issue 31: the signed receipt of a case decision says why, and is written for the person it
 * concerns, in the language they chose, whatever language the deciding clerk reads.
 */
describeEachEngine('the receipt of a case decision', (engine) => {
  const ctx = useTestApp(engine);
  let clerk: CreatedUser;
  let citizen: CreatedUser;
  beforeAll(async () => {
    clerk = await createEmployee(ctx.app);
    citizen = await createCitizen(ctx.app, { firstName: 'Zofia', lastName: 'Wiśniewska' });
    const chosen = await call(ctx.app, citizen, 'PUT', '/api/users/me/language', { language: 'pl' });
    expect(chosen.statusCode, chosen.body).toBe(200);
  });

  it('of a REJECTED decision contains the reason, in the citizen\u2019s language, not the clerk\u2019s', async () => {
    const created = await createVehicleCase(ctx.app, citizen, { vehicleNumberPlate: 'KR 4711A' });
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/case-resolution/${created.id}/update-status/REJECTED`,
      headers: { ...clerk.headers, 'accept-language': 'en-GB,en;q=0.9' },
      payload: { reason: REASON },
    });
    expect(response.statusCode, response.body).toBe(200);

    const decision = (await receiptsOf(ctx.app, citizen, 'case', created.id)).find((receipt) => receipt.kind === 'case-status-changed');
    expect(decision).toBeDefined();
    const text = pdfText(await downloadReceipt(ctx.app, citizen, decision!.id));
    expect(text).toContain('Potwierdzenie decyzji w sprawie');
    expect(text).toContain('Nowy status Odrzucony');
    expect(text).toContain('Poprzedni status Oczekujący');
    expect(text).toContain(`Uzasadnienie ${REASON}`);
    expect(text).not.toContain('Receipt: decision on a case');
  });
});
