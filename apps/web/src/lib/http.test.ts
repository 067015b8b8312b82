import { userResponse } from '@portal/contract';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test/render';
import { storeAuthToken } from './auth-cookie';
import { stubXhr } from '../test/fake-xhr';
import { http, HttpError, request, requestBlob, uploadForm } from './http';

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

  it('fetches a binary answer as a Blob with the Bearer header, and an error answer as HttpError', async () => {
    storeAuthToken('token-9');
    const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]);
    const fetchMock = vi.fn(async () => new Response(bytes, { status: 200, headers: { 'Content-Type': 'application/pdf' } }));
    vi.stubGlobal('fetch', fetchMock);
    const blob = await requestBlob('/api/documents/x/download');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes);
    expect(new Headers((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].headers).get('Authorization')).toBe('Bearer token-9');

    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ error: 'NotFound', message: 'Not found.' }), { status: 404, headers: { 'Content-Type': 'application/json' } }));
    await expect(requestBlob('/api/documents/y/download')).rejects.toMatchObject({ status: 404, message: 'Not found.' });
  });
});

describe('uploads with progress', () => {
  it('posts the form with credentials and the Bearer header, reports progress and resolves with the answer', async () => {
    storeAuthToken('token-5');
    const made = stubXhr();
    const progress: number[] = [];
    const form = new FormData();
    const upload = uploadForm('/api/case-resolution/4/add-document', form, { onProgress: (fraction) => progress.push(fraction) });
    const [xhr] = made;
    expect(xhr).toMatchObject({ method: 'POST', url: '/api/case-resolution/4/add-document', withCredentials: true, body: form });
    expect(xhr?.headers.Authorization).toBe('Bearer token-5');
    xhr?.progress(250, 1000);
    xhr?.progress(1000, 1000);
    xhr?.answer(201, { uuid: 'u-1' });
    await expect(upload).resolves.toEqual({ uuid: 'u-1' });
    expect(progress).toEqual([0.25, 1, 1]);
  });

  it('rejects with HttpError on a refusal and with a TypeError when the network fails', async () => {
    const made = stubXhr();
    const refused = uploadForm('/x', new FormData());
    made[0]?.answer(413, { error: 'PayloadTooLarge', message: 'The file is larger than 10 MB.' });
    await expect(refused).rejects.toMatchObject({ status: 413, message: 'The file is larger than 10 MB.' });
    const broken = uploadForm('/x', new FormData());
    made[1]?.fail();
    await expect(broken).rejects.toBeInstanceOf(TypeError);
  });

  it('aborts when the signal fires', async () => {
    const made = stubXhr();
    const controller = new AbortController();
    const upload = uploadForm('/x', new FormData(), { signal: controller.signal });
    controller.abort();
    await expect(upload).rejects.toMatchObject({ name: 'AbortError' });
    expect(made[0]?.aborted).toBe(true);
  });
});
