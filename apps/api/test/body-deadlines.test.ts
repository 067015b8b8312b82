import { type AddressInfo, connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import { BOUNDARY, countRows, createVehicleCase, multipartBody, pdfOfSize } from './helpers/cases.js';
import { describeEachEngine } from './helpers/engines.js';
import { createCitizen, type CreatedUser } from './helpers/factories.js';

// Small limits so the test runs in seconds; the pacing below keeps well inside or outside them.
const IDLE_MS = 400;
const REQUEST_MS = 1_000;
const UPLOAD_MS = 2_500;
const TICK_MS = 50;

interface Answer {
  /** Everything the server sent before it closed the connection. */
  text: string;
  status: string;
  /** Milliseconds from the first byte sent to the server closing the connection. */
  closedAfterMs: number;
}

/**
 * A raw HTTP/1.1 exchange: the caller decides when (and whether) each byte of the body goes out.
 * `Connection: close` makes the server close after its answer (a client's half-close would abort the request).
 */
function openRequest(port: number, method: string, path: string, headers: Record<string, string>) {
  const socket: Socket = connect(port, '127.0.0.1');
  const startedAt = Date.now();
  let text = '';
  const answer = new Promise<Answer>((resolve, reject) => {
    socket.on('data', (data) => (text += data.toString('latin1')));
    socket.on('error', (error) => (text ? undefined : reject(error)));
    socket.on('close', () => resolve({ text, status: text.split('\r\n')[0] ?? '', closedAfterMs: Date.now() - startedAt }));
  });
  const head = [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), '', ''].join('\r\n');
  socket.write(head);
  let open = true;
  void answer.finally(() => (open = false));
  return {
    socket,
    answer,
    isOpen: () => open && text === '',
    send: (bytes: Buffer | string) => (open ? socket.write(bytes) : false),
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends `body` a slice per tick until it is all out or the server answered. */
async function trickle(request: ReturnType<typeof openRequest>, body: Buffer, slices: number): Promise<void> {
  const size = Math.ceil(body.length / slices);
  for (let offset = 0; offset < body.length && request.isOpen(); offset += size) {
    request.send(body.subarray(offset, offset + size));
    await pause(TICK_MS);
  }
}

describeEachEngine('request body deadlines', (engine) => {
  const lines: string[] = [];
  const ctx = useTestApp(engine);
  let server: FastifyInstance;
  let port: number;
  let citizen: CreatedUser;

  beforeAll(async () => {
    server = await ctx.build(
      { logLevel: 'info', bodyDeadlines: { idleMs: IDLE_MS, requestMs: REQUEST_MS, uploadMs: UPLOAD_MS } },
      { logStream: { write: (line) => lines.push(line) } },
    );
    await server.listen({ port: 0, host: '127.0.0.1' });
    port = (server.server.address() as AddressInfo).port;
    citizen = await createCitizen(server);
  });
  afterAll(() => server.close());

  const uploadTo = (caseId: number, length: number) =>
    openRequest(port, 'POST', `/api/case-resolution/${caseId}/add-document`, {
      ...citizen.headers,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      'content-length': String(length),
    });

  it('answers 408 and closes the connection when a JSON body stops arriving', async () => {
    const login = openRequest(port, 'POST', '/login', { 'content-type': 'application/json', 'content-length': '60' });
    login.send('{"username":"slow');
    const answer = await login.answer;
    expect(answer.status).toBe('HTTP/1.1 408 Request Timeout');
    expect(answer.text).toContain('The request body arrived too slowly; send the request again.');
    expect(answer.text.toLowerCase()).toContain('connection: close');
    expect(answer.closedAfterMs).toBeGreaterThanOrEqual(IDLE_MS - 20);
    expect(answer.closedAfterMs).toBeLessThan(REQUEST_MS);
  });

  it('ends an ordinary body that keeps trickling past its total allowance', async () => {
    const body = Buffer.from(JSON.stringify({ username: 'trickler', password: 'Secret123', padding: 'x'.repeat(200) }));
    const login = openRequest(port, 'POST', '/login', { 'content-type': 'application/json', 'content-length': String(body.length) });
    // 60 slices a tick apart: never idle, but 3 s in all.
    await trickle(login, body, 60);
    const answer = await login.answer;
    expect(answer.status).toBe('HTTP/1.1 408 Request Timeout');
    expect(answer.closedAfterMs).toBeGreaterThanOrEqual(REQUEST_MS - 20);
    expect(answer.closedAfterMs).toBeLessThan(UPLOAD_MS);
  });

  it('lets an upload that keeps sending take longer than an ordinary request, within its own allowance', async () => {
    const created = await createVehicleCase(server, citizen);
    const body = multipartBody(await pdfOfSize(40 * 1024));
    const upload = uploadTo(created.id, body.length);
    // 26 ticks: about 1.3 s, past REQUEST_MS, well inside UPLOAD_MS, never idle for IDLE_MS.
    await trickle(upload, body, 26);
    const answer = await upload.answer;
    expect(answer.status).toBe('HTTP/1.1 201 Created');
    expect(answer.closedAfterMs).toBeGreaterThan(REQUEST_MS);
  });

  it('ends an upload that keeps sending past the upload allowance, and keeps none of it', async () => {
    const created = await createVehicleCase(server, citizen);
    const before = await countRows(server, 'documents');
    const body = multipartBody(await pdfOfSize(400 * 1024));
    const upload = uploadTo(created.id, body.length);
    // 200 slices a tick apart would take 10 s.
    await trickle(upload, body, 200);
    const answer = await upload.answer;
    expect(answer.status).toBe('HTTP/1.1 408 Request Timeout');
    expect(answer.closedAfterMs).toBeGreaterThanOrEqual(UPLOAD_MS - 20);
    expect(answer.closedAfterMs).toBeLessThan(UPLOAD_MS + 1_000);
    await expect.poll(() => countRows(server, 'documents')).toBe(before);
  });

  it('ends an upload whose file stops arriving after the idle time, and keeps none of it', async () => {
    const created = await createVehicleCase(server, citizen);
    const before = await countRows(server, 'documents');
    const body = multipartBody(await pdfOfSize(1024 * 1024));
    const upload = uploadTo(created.id, body.length);
    upload.send(body.subarray(0, 500 * 1024));
    const answer = await upload.answer;
    expect(answer.status).toBe('HTTP/1.1 408 Request Timeout');
    expect(answer.closedAfterMs).toBeLessThan(REQUEST_MS);
    await expect.poll(() => countRows(server, 'documents')).toBe(before);
  });

  it('leaves a kept-alive connection open after a body that arrived, past the idle time', async () => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (data) => (text += data.toString('latin1')));
    let closed = false;
    socket.on('close', () => (closed = true));
    const body = '{"username":"nobody","password":"Wrong1234"}';
    const call = `POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
    socket.write(call);
    await expect.poll(() => text, { timeout: 5_000 }).toContain('HTTP/1.1 401');
    await pause(IDLE_MS * 2);
    expect(closed).toBe(false);
    socket.write(call);
    await expect.poll(() => text.split('HTTP/1.1 401').length - 1, { timeout: 5_000 }).toBe(2);
    socket.destroy();
  });

  it('logs a client that hangs up in the middle of an upload at info, not as an error, and still serves', async () => {
    const created = await createVehicleCase(server, citizen);
    const body = multipartBody(await pdfOfSize(1024 * 1024));
    const from = lines.length;
    const upload = uploadTo(created.id, body.length);
    upload.send(body.subarray(0, 600 * 1024));
    await pause(TICK_MS);
    upload.socket.destroy();
    const logged = () => lines.slice(from).map((line) => JSON.parse(line) as { level: number; msg: string; err?: { message?: string } });
    await expect.poll(() => logged().some((line) => line.msg === 'client closed the connection before the answer'), { timeout: 5_000 }).toBe(true);
    const aborted = logged().find((line) => line.msg === 'client closed the connection before the answer');
    expect(aborted?.level).toBe(30);
    expect(logged().filter((line) => line.level >= 50)).toEqual([]);
    expect((await server.inject({ url: '/healthz' })).statusCode).toBe(200);
  });
});
