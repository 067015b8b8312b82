// HTTP calls through the cluster's nginx, shared by the fault tests and bench/load.
import { randomBytes } from 'node:crypto';

export interface Session {
  id: number;
  token: string;
  headers: Record<string, string>;
}

export interface Answer<T = unknown> {
  status: number;
  body: T;
}

/** One JSON call; network errors (a killed process mid-answer) come back as status 0. */
export async function api<T = unknown>(baseUrl: string, method: string, path: string, who: Session | null, body?: unknown): Promise<Answer<T>> {
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { ...(who?.headers ?? {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON (a PDF, nginx's own error page): kept as text
    }
    return { status: response.status, body: parsed as T };
  } catch {
    return { status: 0, body: null as T };
  }
}

async function session(baseUrl: string, token: string): Promise<Session> {
  const headers = { authorization: `Bearer ${token}` };
  const me = await api<{ id: number }>(baseUrl, 'GET', '/api/users/me', { id: 0, token, headers });
  if (me.status !== 200) throw new Error(`GET /api/users/me: ${me.status} ${JSON.stringify(me.body)}`);
  return { id: me.body.id, token, headers };
}

export async function login(baseUrl: string, username: string, password: string): Promise<Session> {
  const answer = await api<{ tokenJWT: string }>(baseUrl, 'POST', '/login', null, { username, password });
  if (answer.status !== 200) throw new Error(`login ${username}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return session(baseUrl, answer.body.tokenJWT);
}

export async function registerCitizen(baseUrl: string): Promise<Session> {
  const tag = randomBytes(4).toString('hex');
  const answer = await api<{ tokenJWT: string }>(baseUrl, 'POST', '/register', null, {
    username: `c${tag}`,
    email: `c${tag}@example.org`,
    password: 'Secret123',
    firstName: 'Anna',
    lastName: 'Nowak',
    phoneNumber: '501234567',
    dateOfBirth: '1990-05-17',
  });
  if (answer.status !== 201 && answer.status !== 200) throw new Error(`register: ${answer.status} ${JSON.stringify(answer.body)}`);
  return session(baseUrl, answer.body.tokenJWT);
}

export function letterBody(author: Session, subject = 'Streetlight out on Lipowa') {
  return {
    userID: author.id,
    recipient: 'Public Works Department',
    subject,
    content: 'The streetlight in front of Lipowa 4 has been dark for a week.',
    sentAt: new Date().toISOString(),
  };
}

export function messageBody(conversationId: number, sender: Session, content: string) {
  return { conversationId, senderId: sender.id, content, sentAt: new Date().toISOString() };
}

/** Limits a real city sets per person, raised: the tests and the benchmark come from one address. */
export const LOAD_ENV: Record<string, string> = {
  AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
  LOGIN_ADDRESS_LIMIT: '1000000',
  CITIZEN_LETTERS_PER_HOUR: '1000000',
  CITIZEN_MESSAGES_PER_HOUR: '1000000',
  CITIZEN_OPEN_CASES_MAX: '1000000',
  CITIZEN_DOCUMENT_MEGABYTES_MAX: '1000000',
  CITIZEN_UPLOADS_IN_FLIGHT: '1000',
  WS_COMMANDS_PER_SECOND: '100000',
  WS_COMMAND_BURST: '100000',
};
