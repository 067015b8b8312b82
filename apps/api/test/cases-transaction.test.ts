import { createCaseRequest } from '@portal/contract';
import { expect, it } from 'vitest';
import { createDocumentsRepository } from '../src/modules/cases/documents/repository.js';
import { createCaseAnswersRepository } from '../src/modules/cases/answers/repository.js';
import { createCasesRepository } from '../src/modules/cases/repository.js';
import { createCasesService } from '../src/modules/cases/service.js';
import { PortalEvents } from '../src/plugins/events.js';
import type { AuthUser } from '../src/plugins/auth/index.js';
import { useTestApp } from './helpers/app.js';
import { countRows, vehicleCaseBody } from './helpers/cases.js';
import { describeEachEngine } from './helpers/engines.js';
import { createCitizen, createEmployee } from './helpers/factories.js';

/** A case and its vehicle registration are written in one transaction: a failure between them leaves neither. */
describeEachEngine('creating a case is all or nothing', (engine) => {
  const ctx = useTestApp(engine);

  /** The service over its own events, whose one subscriber stands for the audit trail (the last to write). */
  function serviceWith(repository: ReturnType<typeof createCasesRepository>, recordAudit: () => Promise<void> = async () => undefined) {
    const events = new PortalEvents(ctx.app.db, ctx.app.log);
    events.subscribeInTransaction('audit', recordAudit, 'last');
    return createCasesService({
      engine: ctx.app.dbEngine,
      cases: repository,
      documents: createDocumentsRepository(ctx.app.db),
      answers: createCaseAnswersRepository(ctx.app.db),
      findRole: async () => 'USER',
      quotas: { assertOpenCaseRoom: async () => undefined },
      events,
    });
  }

  async function counts() {
    return {
      cases: await countRows(ctx.app, 'case_resolutions'),
      vehicles: await countRows(ctx.app, 'vehicle_registrations'),
      history: await countRows(ctx.app, 'case_status_history'),
    };
  }

  const caller = async (): Promise<AuthUser> => (await createCitizen(ctx.app)).user;

  it('leaves neither the case nor the vehicle when the process fails after the case row is written', async () => {
    const real = createCasesRepository(ctx.app.db);
    let caseWritten = false;
    const crashing = {
      ...real,
      insertCase: async (...args: Parameters<typeof real.insertCase>) => {
        const id = await real.insertCase(...args);
        caseWritten = true;
        return id;
      },
      insertVehicle: async () => {
        throw new Error('crash between the case and the vehicle insert');
      },
    };
    const user = await caller();
    const before = await counts();
    await expect(serviceWith(crashing).createCase(user, createCaseRequest.parse(vehicleCaseBody(null)))).rejects.toThrow(/crash between/);
    expect(caseWritten).toBe(true);
    expect(await counts()).toEqual(before);
  });

  it('leaves nothing when the database itself refuses the vehicle row', async () => {
    const user = await caller();
    const request = createCaseRequest.parse(vehicleCaseBody(null));
    // Past the schema, straight to the database's own CHECK on the vehicle type.
    const broken = { ...request, vehicleRegistrationDTO: { ...request.vehicleRegistrationDTO!, vehicleType: 'SPACESHIP' as 'OTHER' } };
    const before = await counts();
    await expect(serviceWith(createCasesRepository(ctx.app.db)).createCase(user, broken)).rejects.toThrow();
    expect(await counts()).toEqual(before);
  });

  it('writes all three when nothing fails', async () => {
    const user = await caller();
    const before = await counts();
    await serviceWith(createCasesRepository(ctx.app.db)).createCase(user, createCaseRequest.parse(vehicleCaseBody(null)));
    expect(await counts()).toEqual({ cases: before.cases + 1, vehicles: before.vehicles + 1, history: before.history + 1 });
  });

  it('keeps the old status, and no history entry, when the audit row cannot be written', async () => {
    const repository = createCasesRepository(ctx.app.db);
    const owner = await caller();
    const employee = (await createEmployee(ctx.app)).user;
    const created = await serviceWith(repository).createCase(owner, createCaseRequest.parse(vehicleCaseBody(null)));
    const failingAudit = async () => {
      throw new Error('audit store unavailable');
    };
    await expect(serviceWith(repository, failingAudit).updateStatus(employee, created.id, 'IN_PROGRESS')).rejects.toThrow(/audit store/);
    expect((await repository.findCase(created.id))?.status).toBe('PENDING');
    expect(await repository.listHistory(created.id)).toHaveLength(1);
  });
});
