import type { ConversationResponse, MessageResponse, UserResponse } from '@portal/contract';
import { vi } from 'vitest';

// Test data and a fetch stand-in for the letters screens (unit tests only).

export const anna: UserResponse = {
  id: 4,
  username: 'anowak',
  email: 'anowak@example.org',
  firstName: 'Anna',
  lastName: 'Nowak',
  role: 'USER',
  phoneNumber: '501234567',
  dateOfBirth: '1990-04-01',
  enabled: true,
};

export const jan: UserResponse = {
  id: 2,
  username: 'jkowalski',
  email: 'jan@example.org',
  firstName: 'Jan',
  lastName: 'Kowalski',
  role: 'EMPLOYEE',
  phoneNumber: '601234567',
  dateOfBirth: '1985-06-21',
  enabled: true,
};

export function conversation(overrides: Partial<ConversationResponse> = {}): ConversationResponse {
  return {
    id: 11,
    letterId: 31,
    subject: 'Broken streetlight on Main Street',
    nameSurname: 'Anna Nowak',
    status: 'IN_PROGRESS',
    resolvedDate: null,
    content: 'The streetlight in front of number 12 has been dark for a week.',
    recipient: 'Public Works Department',
    userId: anna.id,
    employeeId: jan.id,
    createdAt: '2025-03-10T08:00:00.000Z',
    ...overrides,
  };
}

export function chatMessage(overrides: Partial<MessageResponse> = {}): MessageResponse {
  return {
    id: 101,
    conversationId: 11,
    senderId: jan.id,
    senderName: 'Jan Kowalski',
    content: 'We will send a crew tomorrow.',
    sentAt: '2025-03-10T09:00:00.000Z',
    ...overrides,
  };
}

export type FakeRequest = { method: string; path: string; query: URLSearchParams; body: unknown };
export type FakeAnswer = { status?: number; body?: unknown } | 'network-error';
type Handler = (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer> | undefined;

/**
 * Stubs fetch with one handler that sees method, path, query and JSON body; an unanswered request
 * fails the test loudly. Returns the requests made, in order.
 */
export function routeFetch(handler: Handler): FakeRequest[] {
  const requests: FakeRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const request: FakeRequest = {
        method: init?.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      requests.push(request);
      const answer = await handler(request);
      if (answer === undefined) throw new Error(`unexpected request ${request.method} ${url.pathname}${url.search}`);
      if (answer === 'network-error') throw new TypeError('Failed to fetch');
      const { status = 200, body } = answer;
      return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return requests;
}

/** A promise the test settles when it wants, to look at the screen while a call is pending. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}
