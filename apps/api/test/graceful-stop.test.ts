import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STOP_TIMEOUT_MS } from '../src/shutdown.js';
import { type ApiProcess, startApiProcess } from './helpers/api-process.js';
import { describeEachEngine } from './helpers/engines.js';
import { newRegistration } from './helpers/factories.js';
import { connectLive } from './helpers/live-client.js';

const GOING_AWAY = 1001;

/** A POST /login whose body arrives in two parts: the request is in flight until `finish()`. */
function slowLogin(baseUrl: string) {
  const { port } = new URL(baseUrl);
  const body = JSON.stringify({ username: 'nobody-here', password: 'Wrong1234' });
  const socket = net.connect(Number(port), '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString()));
  const ended = new Promise<string>((resolve) => socket.once('close', () => resolve(received)));
  socket.write(
    `POST /login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
  );
  return { finish: () => socket.write(body.slice(10)), ended };
}

describeEachEngine('SIGTERM', (engine) => {
  it('answers the request in flight, closes idle connections and WebSockets (1001) at once, and exits well within 10 s', async () => {
    const database = await engine.create();
    const sqliteFile = join(tmpdir(), `portal-stop-${randomBytes(4).toString('hex')}.db`);
    const url = database.config.engine === 'postgres' ? database.config.url : `sqlite:${sqliteFile}`;
    let api: ApiProcess | undefined;
    try {
      api = await startApiProcess({ DATABASE_URL: url });
      const registered = await fetch(`${api.baseUrl}/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(newRegistration()),
      });
      const { tokenJWT } = (await registered.json()) as { tokenJWT: string };

      // An idle keep-alive connection: one answered request, then the socket waits in the agent.
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      // (Wrapped: resolving with the promise itself would wait for the close.)
      const { idleClosed } = await new Promise<{ idleClosed: Promise<number> }>((resolve, reject) => {
        const request = http.get(`${api?.baseUrl}/healthz`, { agent }, (response) => {
          response.resume();
          response.on('end', () => resolve({ idleClosed: closedAt }));
        });
        let closedAt: Promise<number> = Promise.resolve(0);
        request.once('socket', (socket) => {
          closedAt = new Promise((closed) => socket.once('close', () => closed(Date.now())));
        });
        request.on('error', reject);
      });
      const live = await connectLive(api.baseUrl, tokenJWT);
      const slow = slowLogin(api.baseUrl);
      await new Promise((resolve) => setTimeout(resolve, 200));

      const stoppedAt = Date.now();
      api.child.kill('SIGTERM');
      // The socket and the idle connection go at once, while the slow request is still unfinished.
      expect(await live.closed).toBe(GOING_AWAY);
      expect((await idleClosed) - stoppedAt).toBeLessThan(1_000);
      expect(api.child.exitCode).toBeNull();

      slow.finish();
      const answer = await slow.ended;
      expect(answer).toMatch(/^HTTP\/1\.1 401 /);
      expect(answer).toContain('"error":"Unauthorized"');

      expect(await api.exited).toBe(0);
      expect(Date.now() - stoppedAt).toBeLessThan(10_000);
      agent.destroy();
    } finally {
      await api?.stop();
      await database.drop();
      rmSync(sqliteFile, { force: true });
      rmSync(`${sqliteFile}-wal`, { force: true });
      rmSync(`${sqliteFile}-shm`, { force: true });
    }
  }, 60_000);
});

describe('SIGTERM with a request that never finishes', () => {
  it('still exits before 10 s (a hard limit), reporting the failure with exit code 1', async () => {
    const sqliteFile = join(tmpdir(), `portal-stop-${randomBytes(4).toString('hex')}.db`);
    const api = await startApiProcess({ DATABASE_URL: `sqlite:${sqliteFile}` });
    try {
      slowLogin(api.baseUrl); // never finished
      await new Promise((resolve) => setTimeout(resolve, 200));
      const stoppedAt = Date.now();
      api.child.kill('SIGTERM');
      expect(await api.exited).toBe(1);
      const took = Date.now() - stoppedAt;
      expect(took).toBeGreaterThanOrEqual(STOP_TIMEOUT_MS - 500);
      expect(took).toBeLessThan(10_000);
    } finally {
      await api.stop();
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${sqliteFile}${suffix}`, { force: true });
    }
  }, 30_000);
});
