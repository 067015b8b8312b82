import { userResponse } from '@portal/contract';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test/render';
import { storeAuthToken } from './auth-cookie';
import { http, HttpError, request } from './http';

const user = {
  id: 7,
  username: 'anowak',
  email: 'anowak@example.org',
  firstName: 'Anna',
  lastName: 'Nowak',
  role: 'USER',
  phoneNumber: '501234567',
  dateOfBirth: '1990-04-01',
  enabled: true,
};

function sentHeaders(fetchMock: ReturnType<typeof stubFetch>, call = 0): Headers {
  return new Headers(fetchMock.mock.calls[call]?.[1]?.headers);
}

describe('http client', () => {
  it('sends the auth cookie token as a Bearer header, with credentials', async () => {
    storeAuthToken('token-123');
    const fetchMock = stubFetch({ 'GET /api/users/me': { body: user } });

    await http.get('/api/users/me', userResponse);

    expect(sentHeaders(fetchMock).get('Authorization')).toBe('Bearer token-123');
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe('include');
  });

  it('sends no Authorization header without the cookie', async () => {
    const fetchMock = stubFetch({ 'GET /api/users': { body: [] } });

    await http.get('/api/users');

    expect(sentHeaders(fetchMock).has('Authorization')).toBe(false);
  });

  it('sends JSON bodies as JSON and parses the answer with the given schema', async () => {
    const fetchMock = stubFetch({ 'POST /login': { body: { tokenJWT: 'abc', extra: 'dropped' } } });

    const answer = await http.post('/login', { username: 'anowak', password: 'Citizen123' });

    expect(answer).toEqual({ tokenJWT: 'abc', extra: 'dropped' });
    expect(sentHeaders(fetchMock).get('Content-Type')).toBe('application/json');
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe('{"username":"anowak","password":"Citizen123"}');
  });

  it('rejects an answer that does not match the schema', async () => {
    stubFetch({ 'GET /api/users/me': { body: { id: 'not a number' } } });
    await expect(http.get('/api/users/me', userResponse)).rejects.toThrow();
  });

  it.each([199, 300, 400, 401, 404, 500])('throws HttpError with the parsed body for status %i', async (status) => {
    const body = { error: 'ValidationError', message: 'The request has invalid fields.', fields: { username: 'Username is required' } };
    // The Response constructor refuses statuses below 200, so that answer is a hand-made look-alike.
    vi.stubGlobal('fetch', async () =>
      status < 200
        ? ({ status, headers: new Headers({ 'Content-Type': 'application/json' }), text: async () => JSON.stringify(body) } as unknown as Response)
        : new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
    );

    const failure = await request('/register', { method: 'POST', json: {} }).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({ status, error: 'ValidationError', message: body.message, fields: body.fields });
  });

  it.each([200, 201, 299])('treats status %i as success', async (status) => {
    vi.stubGlobal('fetch', async () => new Response('{"ok":true}', { status, headers: { 'Content-Type': 'application/json' } }));
    await expect(http.post('/api/letters', { subject: 'x' })).resolves.toEqual({ ok: true });
  });

  it('throws HttpError with the status even when the error body is not JSON', async () => {
    vi.stubGlobal('fetch', async () => new Response('Bad gateway', { status: 502, headers: { 'Content-Type': 'text/plain' } }));

    const failure = await http.get('/api/users').catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({ status: 502, fields: {} });
  });

  it('accepts an empty 2xx answer', async () => {
    vi.stubGlobal('fetch', async () => new Response(null, { status: 204 }));
    await expect(http.put('/api/users/activate/3')).resolves.toBeUndefined();
  });
});
