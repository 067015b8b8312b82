import { apiErrorResponse } from '@portal/contract';
import { z } from 'zod/mini';
import { readAuthToken } from './auth-cookie';
import { config } from './config';
import { takeEarlyList } from './first-lists-early';
import { i18n } from './i18n';

/** A non-2xx answer. `error`, `message` and `fields` come from the API's `{ error, message, fields }` body. */
export class HttpError extends Error {
  readonly status: number;
  readonly error: string;
  readonly fields: Record<string, string>;

  constructor(status: number, body: { error?: string; message?: string; fields?: Record<string, string> }) {
    super(body.message ?? `Request failed with status ${status}`);
    this.name = 'HttpError';
    this.status = status;
    this.error = body.error ?? 'HttpError';
    this.fields = body.fields ?? {};
  }
}

/** An error answer's fields, each optional: whatever part of it a proxy or the API sent. */
const apiErrorAnswer = z.partial(apiErrorResponse);

let lastRequestAt = Date.now();
/**
 * When this tab last called the API (issue 21): the server counts each call as the person's activity
 * for the staff idle time-out, and the time-out warning times itself from it.
 */
export const lastApiRequestAt = (): number => lastRequestAt;

export type RequestOptions<S extends z.ZodMiniType | undefined> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as is (multipart uploads); the browser sets the content type. */
  formData?: FormData;
  /** Validates the answer; without it the caller gets `unknown`. */
  schema?: S;
  signal?: AbortSignal;
};

type Answer<S> = S extends z.ZodMiniType ? z.output<S> : unknown;

/**
 * The one way the web app talks to the API (spec section 7): credentials always, JSON by default,
 * the auth cookie's token as a Bearer header, and any status outside 200-299 thrown as HttpError.
 */
export async function request<S extends z.ZodMiniType | undefined = undefined>(
  path: string,
  options: RequestOptions<S> = {},
): Promise<Answer<S>> {
  // The reader's chosen language: the API writes receipts in it (issue 20).
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': i18n.language });
  let body: BodyInit | undefined;
  if (options.formData) {
    body = options.formData;
  } else if (options.json !== undefined) {
    // JSON is the default; a call without a payload sends no content type, because Fastify
    // rejects an empty body that claims to be JSON.
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.json);
  }
  const token = readAuthToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  lastRequestAt = Date.now();

  const method = options.method ?? (body === undefined ? 'GET' : 'POST');
  // A first screen's list may have been asked as the page loaded (lib/first-lists-early.ts); should
  // that have failed on the way, it is asked here like any other.
  const early = method === 'GET' ? takeEarlyList(path) : undefined;
  const response =
    (early && (await early.catch(() => undefined))) ??
    (await fetch(`${config.apiUrl}${path}`, { method, credentials: 'include', headers, body, signal: options.signal }));
  return readAnswer(response, options.schema);
}

/** An API answer as `request` returns it: validated by `schema`, or HttpError outside 200-299. */
export async function readAnswer<S extends z.ZodMiniType | undefined = undefined>(response: Response, schema?: S): Promise<Answer<S>> {
  const payload = await readBody(response);
  if (response.status < 200 || response.status > 299) {
    const parsed = apiErrorAnswer.safeParse(payload);
    throw new HttpError(response.status, parsed.success ? parsed.data : {});
  }
  return (schema ? schema.parse(payload) : payload) as Answer<S>;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  if (!(response.headers.get('Content-Type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** GET a binary answer (a document) as a Blob; statuses outside 200-299 throw HttpError as above. */
export async function requestBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  const headers = new Headers();
  const token = readAuthToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  lastRequestAt = Date.now();
  const response = await fetch(`${config.apiUrl}${path}`, { credentials: 'include', headers, signal });
  if (response.status < 200 || response.status > 299) {
    const parsed = apiErrorAnswer.safeParse(await readBody(response));
    throw new HttpError(response.status, parsed.success ? parsed.data : {});
  }
  return response.blob();
}

export type UploadOptions = {
  /** 0..1 as the request body leaves the browser. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

/**
 * POSTs a multipart form like `request` does (credentials, Bearer token, HttpError), but through
 * XMLHttpRequest: fetch cannot report how much of an upload has been sent.
 */
export function uploadForm(path: string, formData: FormData, { onProgress, signal }: UploadOptions = {}): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${config.apiUrl}${path}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', i18n.language);
    const token = readAuthToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const text = xhr.responseText;
      let payload: unknown = text;
      try {
        payload = text === '' ? undefined : JSON.parse(text);
      } catch {
        // Not JSON: keep the text.
      }
      if (xhr.status < 200 || xhr.status > 299) {
        const parsed = apiErrorAnswer.safeParse(payload);
        reject(new HttpError(xhr.status, parsed.success ? parsed.data : {}));
        return;
      }
      onProgress?.(1);
      resolve(payload);
    };
    xhr.onerror = () => reject(new TypeError('Network error during upload'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(formData);
  });
}

export const http = {
  get: <S extends z.ZodMiniType | undefined = undefined>(path: string, schema?: S) => request(path, { schema }),
  post: <S extends z.ZodMiniType | undefined = undefined>(path: string, json?: unknown, schema?: S) =>
    request(path, { method: 'POST', json, schema }),
  put: <S extends z.ZodMiniType | undefined = undefined>(path: string, json?: unknown, schema?: S) =>
    request(path, { method: 'PUT', json, schema }),
  delete: <S extends z.ZodMiniType | undefined = undefined>(path: string, json?: unknown, schema?: S) =>
    request(path, { method: 'DELETE', json, schema }),
};
