import { PORTAL_EVENT_TYPES, type PortalEvent, type PortalEventType } from '@portal/contract';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { defineModule } from '../src/app-module.js';
import type { NotificationWorker } from '../src/modules/notifications/index.js';
import { portalModules } from '../src/server.js';
import { useTestApp } from './helpers/app.js';
import { auditRowsFor } from './helpers/audit.js';
import { createVehicleCase } from './helpers/cases.js';
import { describeEachEngine } from './helpers/engines.js';
import { walkEveryEvent } from './helpers/every-event.js';
import { type CreatedUser, createAdmin, createCitizen, createEmployee } from './helpers/factories.js';
import { receiptsOf } from './helpers/receipts.js';

/** What the listener module heard, in order. */
const heard = { inTransaction: [] as PortalEvent[], afterCommit: [] as PortalEvent[] };
/** The event type whose change the listener refuses (its transaction then rolls back). */
let refuse: PortalEventType | null = null;

/**
 * A module no other module knows of: it subscribes to every event through its environment alone,
 * as any new module would (issue 31). Listed last, its in-transaction subscriber runs after the
 * audit row, so refusing there rolls back every other subscriber's writes too.
 */
const listenerModule = defineModule()({
  name: 'event-listener',
  setup({ events }) {
    events.subscribeInTransaction(
      'listener',
      async (_trx, event) => {
        heard.inTransaction.push(event);
        if (event.type === refuse) throw new Error('the listener refuses this change');
      },
      'last',
    );
    events.subscribeAfterCommit('listener', (event) => {
      heard.afterCommit.push(event);
    });
    return {};
  },
});

describeEachEngine('a module that subscribes to every event', (engine) => {
  let worker: NotificationWorker | undefined;
  const ctx = useTestApp(engine, {}, { modules: portalModules({ notifications: { autoStart: false, onWorker: (created) => (worker = created) } }).add(listenerModule) });
  let citizen: CreatedUser;
  let clerk: CreatedUser;
  let admin: CreatedUser;

  beforeAll(async () => {
    [citizen, clerk, admin] = [await createCitizen(ctx.app), await createEmployee(ctx.app), await createAdmin(ctx.app)];
  });
  beforeEach(() => {
    heard.inTransaction.length = 0;
    heard.afterCommit.length = 0;
    refuse = null;
  });

  it('hears each event type exactly once per change, in the transaction and again after the commit', async () => {
    const walked: PortalEventType[] = [];
    await walkEveryEvent(ctx.app, { citizen, clerk, admin }, (type) => {
      // Only this change's event since the last step: one, of its type, the same facts both times.
      expect(heard.inTransaction.map((event) => event.type)).toEqual([type]);
      expect(heard.afterCommit).toEqual(heard.inTransaction);
      heard.inTransaction.length = 0;
      heard.afterCommit.length = 0;
      walked.push(type);
    }, () => worker!.runSchedule());
    expect([...new Set(walked)].sort()).toEqual([...PORTAL_EVENT_TYPES].sort());
  });

  it('names the change\u2019s actor and the server\u2019s time in every event', async () => {
    const before = new Date().toISOString();
    const created = await createVehicleCase(ctx.app, citizen);
    const [event] = heard.afterCommit;
    expect(event).toMatchObject({ type: 'case-submitted', caseId: created.id, ownerId: citizen.user.id, actorId: citizen.user.id });
    expect(event!.at >= before && event!.at <= new Date().toISOString()).toBe(true);
  });

  it('a change rolled back by a subscriber reaches no subscriber after the commit and leaves none of their rows', async () => {
    // A citizen of their own: the walk above left entries of every kind for the first one.
    const citizen = await createCitizen(ctx.app);
    const created = await createVehicleCase(ctx.app, citizen);
    const receiptsBefore = await receiptsOf(ctx.app, citizen, 'case', created.id);
    heard.inTransaction.length = 0;
    heard.afterCommit.length = 0;
    refuse = 'case-status-changed';

    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/case-resolution/${created.id}/update-status/REJECTED`,
      headers: clerk.headers,
      payload: { reason: 'Missing document' },
    });
    expect(response.statusCode).toBe(500);
    expect(heard.inTransaction.map((event) => event.type)).toEqual(['case-status-changed']);
    expect(heard.afterCommit).toEqual([]);

    // The change and what the other subscribers wrote in its transaction are gone together.
    const details = await ctx.app.inject({ url: `/api/case-resolution/details/${created.id}`, headers: citizen.headers });
    expect(details.json()).toMatchObject({ caseResolutionDTO: { status: 'PENDING' }, statusHistory: [{ status: 'PENDING' }] });
    expect(await receiptsOf(ctx.app, citizen, 'case', created.id)).toEqual(receiptsBefore);
    expect(await auditRowsFor(ctx.app, 'case', created.id)).toEqual([]);
    const entries = await ctx.app.db.selectFrom('notifications').select('kind').where('user_id', '=', citizen.user.id).where('kind', '=', 'case-status').execute();
    expect(entries).toEqual([]);
  });
});
