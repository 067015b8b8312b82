import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { useTestApp } from './helpers/app.js';
import { describeEachEngine } from './helpers/engines.js';
import { type CreatedUser, createCitizen } from './helpers/factories.js';
import { connectLive } from './helpers/live-client.js';

// Issue 34 point 11: a WebSocket frame over the limit is the client's doing; the socket is closed
// with 1009 (message too big) and the server logs it at info, never at error.
const PINO_INFO = 30;
const PINO_ERROR = 50;
const MESSAGE_TOO_BIG = 1009;

describeEachEngine('a WebSocket frame over the limit', (engine) => {
  const ctx = useTestApp(engine);
  const lines: { level: number; code?: string }[] = [];
  let logged: FastifyInstance;
  let citizen: CreatedUser;

  beforeAll(async () => {
    logged = await ctx.build({ logLevel: 'info' }, { logStream: { write: (line) => lines.push(JSON.parse(line) as { level: number }) } });
    await logged.listen({ port: 0, host: '127.0.0.1' });
    citizen = await createCitizen(ctx.app);
  });
  afterAll(() => logged.close());

  it('closes the socket with 1009 and logs it at info, not error', async () => {
    const live = await connectLive(`http://127.0.0.1:${(logged.server.address() as AddressInfo).port}`, citizen.token, 'header');
    live.send('x'.repeat(65 * 1024));
    expect(await live.closed).toBe(MESSAGE_TOO_BIG);
    await vi.waitFor(() => expect(lines.filter((line) => line.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH').map((line) => line.level)).toEqual([PINO_INFO]));
    expect(lines.filter((line) => line.level >= PINO_ERROR)).toEqual([]);
  });
});
