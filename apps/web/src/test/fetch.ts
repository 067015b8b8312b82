import { vi } from 'vitest';

// The fetch stand-in of the web unit tests: one handler sees every request the app makes.

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function defaultAnswer(request: FakeRequest): FakeAnswer | undefined {
  if (request.method !== 'GET') return undefined;
  if (request.path.startsWith('/api/receipts/')) return { body: [] };
  if (request.path === '/api/notifications') return { body: { items: [], unreadCount: 0 } };
  if (request.path === '/api/sessions') return { body: { sessions: [], idleMinutes: null } };
  return undefined;
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
        body: typeof init?.body === 'string' ? parseJson(init.body) : undefined,
      };
      requests.push(request);
      // Receipt buttons (issue 20) appear on many screens, the header's notification list (issue 18)
      // on every signed-in one, the session time-out's idle time (issue 21): none of them, unless the handler says otherwise.
      const answer = (await handler(request)) ?? defaultAnswer(request);
      if (answer === undefined) throw new Error(`unexpected request ${request.method} ${url.pathname}${url.search}`);
      if (answer === 'network-error') throw new TypeError('Failed to fetch');
      const { status = 200, body } = answer;
      return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return requests;
}

/** Stubs fetch with answers per "METHOD path"; anything else fails the test loudly. */
export function stubFetch(answers: Record<string, Exclude<FakeAnswer, 'network-error'> | (() => Exclude<FakeAnswer, 'network-error'>)>) {
  routeFetch((request) => {
    const answer = answers[`${request.method} ${request.path}`];
    return typeof answer === 'function' ? answer() : answer;
  });
  return vi.mocked(globalThis.fetch);
}
