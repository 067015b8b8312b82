import { type AddressInfo, connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { useTestApp } from './helpers/app.js';
import { describeEachEngine } from './helpers/engines.js';

// Issue 34 point 10: a standalone server held 3,000 stalled connections from one address. Real
// sockets from several loopback addresses (127.0.0.x) against small limits.
const LIMITS = { perAddress: 3, max: 5 };

interface Connection {
  socket: Socket;
  /** Resolves with what the server sent before it closed the connection. */
  closed: Promise<string>;
  /** Sends GET /healthz (keep-alive) and resolves with the answer's status line. */
  health(): Promise<string>;
}

function open(port: number, from: string): Promise<Connection> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress: from });
    let received = '';
    const listeners = new Set<() => void>();
    socket.on('data', (data) => {
      received += data.toString('latin1');
      for (const listener of listeners) listener();
    });
    socket.on('error', () => undefined); // a refused socket may be reset; `closed` says what matters
    const closed = new Promise<string>((done) => socket.once('close', () => done(received)));
    const health = () =>
      new Promise<string>((done) => {
        const from = received.length;
        const listener = () => {
          listeners.delete(listener);
          done(received.slice(from).split('\r\n')[0] ?? '');
        };
        listeners.add(listener);
        void closed.then(() => done('closed'));
        socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      });
    socket.once('connect', () => resolve({ socket, closed, health }));
    socket.once('error', reject);
  });
}

describe('the connection limits in the configuration', () => {
  it('has defaults, reads CONNECTIONS_MAX and CONNECTIONS_PER_ADDRESS, and refuses a per-address cap above the total', () => {
    expect(loadConfig({}).connections).toEqual({ max: 4_096, perAddress: 256 });
    expect(loadConfig({ CONNECTIONS_MAX: '100', CONNECTIONS_PER_ADDRESS: '10' }).connections).toEqual({ max: 100, perAddress: 10 });
    expect(() => loadConfig({ CONNECTIONS_MAX: '10', CONNECTIONS_PER_ADDRESS: '20' })).toThrow(/CONNECTIONS_PER_ADDRESS/);
    expect(() => loadConfig({ CONNECTIONS_MAX: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ CONNECTIONS_PER_ADDRESS: 'many' })).toThrow(/CONNECTIONS_PER_ADDRESS/);
  });

  it('behind a proxy (TRUST_PROXY) every connection comes from the proxy: only the total caps by default', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).connections).toEqual({ max: 4_096, perAddress: 4_096 });
  });
});

describeEachEngine('connection limits with real sockets', (engine) => {
  const ctx = useTestApp(engine);
  let server: FastifyInstance;
  let port = 0;
  const connections: Connection[] = [];
  const connectFrom = async (address: string) => {
    const connection = await open(port, address);
    connections.push(connection);
    return connection;
  };

  beforeAll(async () => {
    server = await ctx.build({ connections: LIMITS });
    await server.listen({ port: 0, host: '127.0.0.1' });
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    for (const connection of connections) connection.socket.destroy();
    await server.close();
  });

  it('closes the connection past the cap of one address while other addresses are served, and past the total', async () => {
    const held = [await connectFrom('127.0.0.2'), await connectFrom('127.0.0.2'), await connectFrom('127.0.0.2')];
    for (const connection of held) expect(await connection.health()).toBe('HTTP/1.1 200 OK');

    const oneTooMany = await connectFrom('127.0.0.2');
    expect(await oneTooMany.closed).toBe('');

    const neighbour = await connectFrom('127.0.0.3');
    expect(await neighbour.health()).toBe('HTTP/1.1 200 OK');
    expect(await (await connectFrom('127.0.0.4')).health()).toBe('HTTP/1.1 200 OK');
    // Five are open: the total is reached, whatever the address.
    expect(await (await connectFrom('127.0.0.5')).closed).toBe('');
    for (const connection of held) expect(await connection.health()).toBe('HTTP/1.1 200 OK');
  });

  it('gives an address its place back when one of its connections closes', async () => {
    const [first] = connections;
    first?.socket.destroy();
    await vi.waitFor(async () => expect(await (await connectFrom('127.0.0.2')).health()).toBe('HTTP/1.1 200 OK'));
  });
});
