import type { CaseDetailsResponse, CaseResolutionResponse } from '@portal/contract';
import { PDFDocument } from 'pdf-lib';
import { expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import { auditRowsFor } from './helpers/audit.js';
import { describeEachEngine } from './helpers/engines.js';

describeEachEngine('demo cases', (engine) => {
  const ctx = useTestApp(engine);
  const login = async (username: string, password: string) => {
    const response = await ctx.app.inject({ method: 'POST', url: '/login', payload: { username, password } });
    return { authorization: `Bearer ${(response.json() as { tokenJWT: string }).tokenJWT}` };
  };

  it('gives the demo citizens a few cases once, one with a PDF that opens, one changed by an employee with its audit row', async () => {
    await ctx.build({ seedDemo: true });
    await ctx.build({ seedDemo: true });
    const anna = await login('anowak', 'Citizen123');
    const me = (await ctx.app.inject({ url: '/api/users/me', headers: anna })).json() as { id: number };
    const cases = (await ctx.app.inject({ url: `/api/case-resolution/user/${me.id}`, headers: anna })).json() as CaseResolutionResponse[];
    expect(cases.map((c) => [c.caseType, c.status])).toEqual([
      ['IDENTITY_CARD', 'IN_PROGRESS'],
      ['VEHICLE_REGISTRATION', 'PENDING'],
    ]);

    const vehicle = cases[1]!;
    const details = (await ctx.app.inject({ url: `/api/case-resolution/details/${vehicle.id}`, headers: anna })).json() as CaseDetailsResponse;
    expect(details.vehicleRegistrationDTO).toMatchObject({ vehicleNumberPlate: 'KR 12345', vehicleType: 'SEDAN' });
    expect(details.documents).toHaveLength(1);
    const download = await ctx.app.inject({ url: `/api/documents/${details.documents[0]!.uuid}/download`, headers: anna });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.length).toBe(details.documents[0]!.size);
    expect((await PDFDocument.load(download.rawPayload)).getPageCount()).toBe(1);

    const identity = cases[0]!;
    const rows = await auditRowsFor(ctx.app, 'case', identity.id);
    // Jan set it in progress, so he handles it (issue 33); Anna sees who does.
    const jan = (await ctx.app.inject({ url: '/api/users/me', headers: await login('jkowalski', 'Employee123') })).json() as { id: number };
    expect(rows.map((row) => [row.action, row.before, row.after])).toEqual([
      ['case.status.update', { status: 'PENDING', handlerId: null }, { status: 'IN_PROGRESS', handlerId: jan.id }],
    ]);
    expect(identity.handlerName).toBe('Jan Kowalski');

    const piotr = await login('pzielinski', 'Citizen123');
    const pending = (await ctx.app.inject({ url: '/api/case-resolution/status/PENDING', headers: piotr })).json() as CaseResolutionResponse[];
    expect(pending.map((c) => c.caseType)).toEqual(['BUILDING_PERMIT']);
  });
});
