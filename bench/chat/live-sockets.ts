import { Agent, request } from 'node:http';
import WebSocket from 'ws';

// The clients of the live-load part: sockets that follow a conversation, and the POSTs that send.

export interface LiveSocket {
  ws: WebSocket;
  userId: number;
  conversationId: number;
}

export interface SentMessage {
  phase: string;
  content: string;
  conversationId: number;
  senderId: number;
  senderToken: string;
  receiverId: number;
  startedAt: number;
  postMs: number;
  status: number | string;
  id: number | null;
  frameIds: Set<number>;
  deliveredAt: number[];
  echoedAt: number[];
}

const CONNECT_TIMEOUT_MS = 15_000;

export function connect(wsBase: string, token: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    // A client outside a browser authenticates the handshake with the Bearer header (no token in any address).
    const ws = new WebSocket(`${wsBase}/api/ws`, { headers: { authorization: `Bearer ${token}` } });
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error('WebSocket did not open in time'));
    }, CONNECT_TIMEOUT_MS);
    ws.once('open', () => {
      clearTimeout(timer);
      resolve(ws);
    });
    ws.once('unexpected-response', (req, response) => {
      clearTimeout(timer);
      req.destroy();
      reject(new Error(`upgrade refused: ${response.statusCode}`));
    });
    ws.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

export function postJson(agent: Agent, port: number, path: string, token: string, body: unknown): Promise<{ status: number; text: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        agent,
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Until every answered message reached its other party, or `timeoutMs` passed. */
export async function waitForDeliveries(batch: readonly SentMessage[], timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  const pending = () => batch.some((message) => message.status === 201 && message.deliveredAt.length === 0);
  while (performance.now() < deadline && pending()) await sleep(10);
}

export async function closeAll(sockets: readonly LiveSocket[]): Promise<void> {
  await Promise.all(
    sockets.map(
      ({ ws }) =>
        new Promise<void>((resolve) => {
          if (ws.readyState === WebSocket.CLOSED) return resolve();
          const timer = setTimeout(() => {
            ws.terminate();
            resolve();
          }, 3_000);
          ws.once('close', () => {
            clearTimeout(timer);
            resolve();
          });
          ws.close();
        }),
    ),
  );
}
