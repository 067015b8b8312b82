import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { defineModule, ModuleList } from '../src/app-module.js';
import { auditModule } from '../src/modules/audit/index.js';
import { authModule } from '../src/modules/auth/index.js';
import { healthModule } from '../src/modules/health/index.js';
import { receiptsModule } from '../src/modules/receipts/index.js';
import type { NotificationsService } from '../src/modules/notifications/index.js';
import { sessionsModule } from '../src/modules/sessions/index.js';
import { usersModule } from '../src/modules/users/index.js';
import { useTestApp } from './helpers/app.js';
import { describeEachEngine } from './helpers/engines.js';
import { expectApiError } from './helpers/expect-error.js';
import { type CreatedUser, createCitizen } from './helpers/factories.js';
import { connectLive, type LiveClient } from './helpers/live-client.js';

const TOKEN = 'metrics-token-for-the-tests-7f3a';

/** The value of one series in a Prometheus text answer, or undefined when it is absent. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describeEachEngine('GET /metrics', (engine) => {
  const ctx = useTestApp(engine, { metricsToken: TOKEN });
  let citizen: CreatedUser;
  let baseUrl = '';
  const sockets: LiveClient[] = [];

  beforeAll(async () => {
    citizen = await createCitizen(ctx.app);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await Promise.all(sockets.map((socket) => socket.close()));
  });

  const scrape = async () => {
    const response = await ctx.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.body;
  };

  it('answers 401 without the token or with a wrong one, 404 when no token is configured', async () => {
    expectApiError(await ctx.app.inject({ url: '/metrics' }), 401);
    const wrong = await ctx.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
    expectApiError(wrong, 401);
    expect(wrong.headers['www-authenticate']).toContain('Bearer');
    // A citizen's own sign-in is not the metrics token.
    expectApiError(await ctx.app.inject({ url: '/metrics', headers: citizen.headers }), 401);

    const unconfigured = await ctx.build({ metricsToken: null });
    expectApiError(await unconfigured.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } }), 404);
  });

  it('counts requests and their latency per route pattern and status', async () => {
    for (let i = 0; i < 3; i += 1) expect((await ctx.app.inject({ url: '/api/users/me', headers: citizen.headers })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/users/me' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: `/api/conversations/user/${citizen.user.id}`, headers: citizen.headers })).statusCode).toBe(200);

    const text = await scrape();
    expect(valueOf(text, 'portal_http_requests_total{method="GET",route="/api/users/me",status="200"}')).toBe(3);
    expect(valueOf(text, 'portal_http_requests_total{method="GET",route="/api/users/me",status="401"}')).toBe(1);
    // The pattern, not the address: one series for every user's list.
    expect(valueOf(text, 'portal_http_requests_total{method="GET",route="/api/conversations/user/:userId",status="200"}')).toBe(1);
    expect(valueOf(text, 'portal_http_request_duration_seconds_count{method="GET",route="/api/users/me"}')).toBe(4);
    expect(valueOf(text, 'portal_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/users/me"}')).toBe(4);
  });

  it('reports open WebSockets, the notification outbox and the database pool', async () => {
    expect(valueOf(await scrape(), 'portal_websockets_open')).toBe(0);
    sockets.push(await connectLive(baseUrl, citizen.token));
    expect(valueOf(await scrape(), 'portal_websockets_open')).toBe(1);

    const now = new Date().toISOString();
    const row = (status: 'pending' | 'failed' | 'sent') => ({
      user_id: citizen.user.id,
      kind: 'test',
      category: 'letters',
      payload_json: '{}',
      created_at: now,
      available_at: now,
      status,
    });
    await ctx.app.db.insertInto('notification_outbox').values([row('pending'), row('pending'), row('failed'), row('sent')]).execute();
    const text = await scrape();
    expect(valueOf(text, 'portal_notification_outbox_messages{status="pending"}')).toBe(2);
    expect(valueOf(text, 'portal_notification_outbox_messages{status="failed"}')).toBe(1);
    expect(valueOf(text, 'portal_notification_replies_unqueued')).toBe(0);
    const entry = (emailPending: 1 | null) => ({ user_id: citizen.user.id, kind: 'reply', payload_json: '{}', created_at: now, email_pending: emailPending });
    await ctx.app.db.insertInto('notifications').values([entry(1), entry(1), entry(1), entry(null)]).execute();
    expect(valueOf(await scrape(), 'portal_notification_replies_unqueued')).toBe(3);

    if (engine.name === 'postgres') {
      expect(valueOf(text, 'portal_db_pool_connections{state="max"}')).toBe(10);
      expect(valueOf(text, 'portal_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    } else {
      expect(text).not.toContain('portal_db_pool_connections{');
    }
  });
});

/** A module with a table of its own (here, a count it keeps) and the gauge it registers for it. */
const shelvesModule = defineModule()({
  name: 'shelves',
  setup({ metrics }) {
    metrics.gauge({ name: 'portal_shelves_books', help: 'Books on the shelves', label: 'shelf', values: ['top', 'bottom'], read: async () => ({ top: 7 }) });
    return {};
  },
});

/** The auth module's one use of notifications (a reset link is mailed at once): a stand-in that sends nothing, registers no gauge. */
const notificationsStandIn = defineModule()({
  name: 'notifications',
  setup: () => ({ service: { sendNow: () => Promise.reject(new Error('no mail in this test')) } as unknown as NotificationsService }),
});

/** The portal's accounts and sign-in only (no notifications module), and the shelves. */
const withoutNotifications = ModuleList.empty()
  .add(healthModule)
  .add(auditModule())
  .add(usersModule)
  .add(receiptsModule)
  .add(sessionsModule())
  .add(notificationsStandIn)
  .add(authModule({}))
  .add(shelvesModule);

describeEachEngine('GET /metrics shows the gauges of the modules listed', (engine) => {
  const ctx = useTestApp(engine, { metricsToken: TOKEN }, { modules: withoutNotifications });

  it('has no notification gauges without the notifications module, and a module\u2019s own gauge with every label value', async () => {
    const response = await ctx.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('portal_notification');
    expect(valueOf(response.body, 'portal_shelves_books{shelf="top"}')).toBe(7);
    expect(valueOf(response.body, 'portal_shelves_books{shelf="bottom"}')).toBe(0);
    // The server's own series are still there.
    expect(valueOf(response.body, 'portal_websockets_open')).toBe(0);
  });
});
