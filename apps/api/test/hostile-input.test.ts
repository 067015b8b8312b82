import { type ApiErrorResponse, apiErrorResponse } from '@portal/contract';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import { createVehicleCase } from './helpers/cases.js';
import type { CaseResolutionResponse, ConversationResponse, MessageResponse } from '@portal/contract';
import { describeEachEngine } from './helpers/engines.js';
import { type CreatedUser, createAdmin, createCitizen, createEmployee } from './helpers/factories.js';
import { createLetter, messageBody, takenConversation } from './helpers/letters.js';
import { changedTables, type TableCounts, tableCounter } from './helpers/table-counts.js';
import { z } from 'zod';

/*
 * Hostile input, generated (issue 22). Every write route of the API (POST/PUT/PATCH/DELETE, read
 * from the server's own route table, so a new route without a generator fails the first test) gets
 * generated requests that must all be refused: wrong types, missing and extra fields, huge and
 * Unicode strings (astral, combining, bidi controls, lone surrogates, NUL), numbers at the edges,
 * injection text, broken JSON, wrong content types, oversized bodies and, for the multipart
 * routes, oversized, many-part and malformed uploads. Each answer must be a 4xx in the API's error
 * shape (field errors whenever a JSON object was parsed and validated), every table's row count
 * must be the same after it as before, and every caller's token still works after the run.
 *
 * What the bodies look like comes from the server's own OpenAPI document (the contract's schemas):
 * each body is built so that at least one field is certainly invalid (a required field left out, or
 * a value of the wrong type or out of range) while the others carry hostile but well-typed values.
 *
 * Engines: SQLite runs 200 requests per route (about 8,000 in all); PostgreSQL runs the same
 * generators with 30 per route, as each request there costs a round trip more for the row counts.
 * The seed is fixed and printed; FC_SEED=<n> replays another run.
 */

const SEED = process.env.FC_SEED ? Number(process.env.FC_SEED) : 22_2026;
const RUNS = { sqlite: 200, postgres: 30 } as const;
// The upload limit is lowered for this file so that an oversized upload costs kilobytes, not 10 MiB.
const DOCUMENT_MAX_BYTES = 64 * 1024;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * The per-address rate limit of the public auth routes counts every request in `auth_counters`,
 * refused or not: that is the limiter doing its work (one row per address and window), not a record.
 */
const COUNTED_ON_PURPOSE = new Set(['auth_counters']);
/** The API's error shape and nothing more (built once: it checks some 9,000 answers). */
const exactErrorShape = z.strictObject(apiErrorResponse.shape);

console.info(`[hostile-input] fast-check seed ${SEED} (replay with FC_SEED=${SEED})`);

// ---------------------------------------------------------------------------------------------
// The subset of JSON Schema (OpenAPI 3.0) the generators read.

interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
}

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: Schema;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}

type OpenApiDocument = { paths: Record<string, Record<string, Operation>> };

// ---------------------------------------------------------------------------------------------
// Values.

/** JSON text written as is (numbers JSON.stringify cannot write: 1e999, -0, 30 digits). */
class RawJson {
  constructor(readonly text: string) {}
}

function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}:${toJsonText(item)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const INJECTION = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=2">',
  "'; DROP TABLE users; --",
  "' OR '1'='1",
  '" OR 1=1 --',
  '${7*7}{{7*7}}',
  '../../../../etc/passwd',
  'robert\'); DELETE FROM letters; --',
];
const UNICODE = [
  '\u202Egnp.exe', // right-to-left override
  '\u2066bidi\u2069\u200F',
  'e\u0301\u0302\u0303\u0304',
  '𝕳𝖊𝖑𝖑𝖔 🏛️👩🏽‍⚖️',
  '\uD83D', // a lone surrogate
  '\uFEFFbom',
  'a\u0000b',
  '\u0000',
  '\u200B\u200C\u200D',
  'Zażółć gęślą jaźń',
];
const NUMERIC_TEXT = ['NaN', 'Infinity', '-Infinity', '-0', '1e308', '9007199254740993', '0x10', '1_000', ' 1', '١٢٣'];

const hugeText = fc
  .tuple(fc.integer({ min: 1_000, max: 12_000 }), fc.constantFrom('x', '𝕏', 'e\u0301', '\u202E', '<script>', '\u0000'))
  .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length)));

const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...INJECTION, ...UNICODE, ...NUMERIC_TEXT, '', ' ', '\r\n') },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: hugeText },
);

const edgeNumber: fc.Arbitrary<number | RawJson> = fc.oneof(
  fc.constantFrom(-0, 0, -1, 0.5, 1e308, -1e308, 5e-324, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 1, 2 ** 31, 2 ** 31 - 1, -(2 ** 31) - 1),
  fc.constantFrom(new RawJson('1e999'), new RawJson('-0'), new RawJson('123456789012345678901234567890'), new RawJson('0.10000000000000000001')),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/**
 * Keys of generated objects: `__proto__` (and `constructor.prototype`) make the JSON parser refuse
 * the whole body before validation, which the broken-JSON requests test on their own.
 */
const objectKey = hostileText.filter((key) => key !== '__proto__' && key !== 'constructor');

const anyHostile: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  edgeNumber,
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileText, { maxLength: 3 }),
  fc.dictionary(objectKey, hostileText, { maxKeys: 2 }),
);

const typesOf = (schema: Schema): Set<string> =>
  new Set((schema.anyOf ?? [schema]).flatMap((part) => (part.type ? [part.type === 'integer' ? 'number' : part.type] : [])));

const jsTypeOf = (value: unknown): string =>
  value instanceof RawJson || typeof value === 'number' ? 'number' : Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;

/** A hostile value of the schema's own type: it may pass or fail the schema. */
function wellTyped(schema: Schema): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.oneof(fc.constantFrom(...schema.enum), hostileText);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map(wellTyped));
  switch (schema.type) {
    case 'string':
      return hostileText;
    case 'integer':
    case 'number':
      return edgeNumber;
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(schema.items ? wellTyped(schema.items) : anyHostile, { maxLength: 3 });
    case 'object':
      return objectOf(schema, false);
    default:
      return anyHostile;
  }
}

/** A value the schema certainly refuses: the wrong type, or out of its range. */
function certainlyInvalid(schema: Schema): fc.Arbitrary<unknown> {
  const types = typesOf(schema);
  const wrongType = anyHostile.filter((value) => {
    const type = jsTypeOf(value);
    if (type === 'null') return !schema.nullable && !(schema.enum ?? []).includes(null);
    return !types.has(type) && !(schema.enum ?? []).includes(value);
  });
  const outOfRange: fc.Arbitrary<unknown>[] = [];
  if (schema.type === 'integer') {
    const low = schema.minimum ?? Number.MIN_SAFE_INTEGER;
    const tooLow = schema.exclusiveMinimum ? [low, -0, low - 1] : [low - 1];
    outOfRange.push(fc.constantFrom(...tooLow, 1.5, Number.MAX_SAFE_INTEGER + 1, 1e308, new RawJson('1e999')));
    if (schema.maximum !== undefined) outOfRange.push(fc.constant(schema.maximum + 1));
  }
  if (schema.type === 'string' && schema.maxLength !== undefined) {
    // One character over, counted in characters (the contract counts code points, not UTF-16
    // units); NFC- and trim-stable, so no normalisation can bring the text back under the limit.
    outOfRange.push(fc.constantFrom('x', '𝕏', '<script>').map((unit) => unit.repeat(schema.maxLength ?? 0).concat(unit)));
  }
  if (schema.type === 'string' && (schema.minLength ?? 0) > 0) outOfRange.push(fc.constant(''));
  if (schema.enum) {
    outOfRange.push(hostileText.filter((text) => !(schema.enum ?? []).includes(text) && !(schema.enum ?? []).includes(text.trim())));
  }
  return outOfRange.length ? fc.oneof(wrongType, ...outOfRange) : wrongType;
}

/** An object with hostile values for some or all properties, plus hostile extra fields. */
function objectOf(schema: Schema, allRequired: boolean): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = allRequired ? Object.keys(properties) : (schema.required ?? []);
  return fc.record(Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, wellTyped(property)])), {
    requiredKeys: required.filter((name) => name in properties),
  });
}

const extraFields = fc.dictionary(fc.oneof(fc.constantFrom('role', 'isAdmin', 'id', 'enabled', 'constructor2', '<script>'), objectKey), anyHostile, {
  maxKeys: 3,
});

/** A JSON object body the schema certainly refuses: one field left out or made invalid. */
function invalidObject(schema: Schema): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.keys(schema.properties ?? {});
  const required = schema.required ?? [];
  const breakers: fc.Arbitrary<(body: Record<string, unknown>) => void>[] = [];
  if (required.length) breakers.push(fc.constantFrom(...required).map((name) => (body) => void delete body[name]));
  if (properties.length) {
    breakers.push(
      fc
        .constantFrom(...properties)
        .chain((name) => certainlyInvalid((schema.properties ?? {})[name] ?? {}).map((value) => (body: Record<string, unknown>) => void (body[name] = value))),
    );
  }
  if (breakers.length === 0) throw new Error('invalidObject: a schema without properties cannot be broken field by field');
  return fc.tuple(objectOf(schema, true), extraFields, fc.oneof(...breakers)).map(([body, extra, breakIt]) => {
    // Extra fields first, so that the broken field is what the body holds under its name.
    const result = { ...extra, ...body };
    breakIt(result);
    return result;
  });
}

// ---------------------------------------------------------------------------------------------
// Requests.

interface HostileRequest {
  kind: string;
  url: string;
  contentType?: string;
  payload?: string | Buffer;
  /** A JSON object the route parses and validates: a 400 must name the fields. */
  validated?: boolean;
}

const OVERSIZED_JSON = `{"content":"${'x'.repeat(300 * 1024)}"}`;

const brokenJson = fc.oneof(
  fc.constantFrom(
    '{',
    '{"a":',
    '[1,2',
    '{"a":1,}',
    "{'a':1}",
    'nul',
    '{"a":"\\x"}',
    '{"a":1}}',
    '   ',
    '\u0000',
    '{"__proto__":{"isAdmin":true}}',
    '{"constructor":{"prototype":{"isAdmin":true}}}',
    '{"a":1e999999999999}x',
    '\uFEFF\uFEFF{}',
  ),
  fc.json().map((text) => `${text}}`),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 60 }).filter((text) => {
    try {
      JSON.parse(text);
      return false;
    } catch {
      return true;
    }
  }),
);

const WRONG_TYPES = [
  'text/plain',
  'text/plain; charset=utf-8',
  'text/html',
  'application/xml',
  'application/x-www-form-urlencoded',
  'application/octet-stream',
  'application/jsonx',
  'image/png',
  'application/json; charset=utf-16',
  '<script>',
];

function transportLevel(json: boolean): fc.Arbitrary<Omit<HostileRequest, 'url'>> {
  const arbitraries: fc.Arbitrary<Omit<HostileRequest, 'url'>>[] = [
    fc.record({
      kind: fc.constant('wrong content type'),
      contentType: fc.constantFrom(...WRONG_TYPES),
      payload: fc.oneof(hostileText.filter((text) => text.length > 0), anyHostile.map(toJsonText)),
    }),
    fc.integer({ min: 0, max: 4096 }).map((extra) => ({ kind: 'oversized JSON', contentType: 'application/json', payload: OVERSIZED_JSON + ' '.repeat(extra) })),
  ];
  if (json) arbitraries.push(brokenJson.map((payload) => ({ kind: 'broken JSON', contentType: 'application/json', payload })));
  return fc.oneof(...arbitraries);
}

/** A path or query value the parameter's schema certainly refuses (integers, enums), or any text. */
function hostileParameter(parameter: Parameter): fc.Arbitrary<{ value: string; refused: boolean }> {
  const { schema } = parameter;
  if (schema.type === 'integer' || schema.enum) {
    const text = fc.oneof(
      fc.constantFrom('abc', '-1', '0', '-0', '1.5', '1e308', '9007199254740993', '2147483648', '0x10', '１', '<script>', "1' OR '1'='1", '\u0000'),
      hostileText.filter((value) => value.trim() !== '' && !/^\+?\d+$/.test(value.trim())),
    );
    return text
      .filter((value) => !(schema.enum ?? []).includes(value))
      .map((value) => ({ value, refused: true }));
  }
  return hostileText.filter((value) => value.length > 0).map((value) => ({ value, refused: false }));
}

const encode = (value: string) => encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));

// ---------------------------------------------------------------------------------------------
// Multipart bodies (the PDF upload and the receipt check).

const BOUNDARY = '----hostile-boundary-22';

interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  content: Buffer | string;
}

function multipart(parts: Part[], { terminate = true, boundary = BOUNDARY } = {}): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const type = part.contentType ? `Content-Type: ${part.contentType}\r\n` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`), Buffer.from(part.content), Buffer.from('\r\n'));
  }
  if (terminate) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** Files the API refuses as not a PDF: it judges by the %PDF- signature at the start. */
const NOT_PDF = [
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]),
  Buffer.from('<script>window.__xss=1</script>'),
  Buffer.from("%PDX-1.7 '; DROP TABLE documents; --"),
  Buffer.from('%PD'),
  Buffer.from(' %PDF-1.7'),
  Buffer.alloc(0),
];

function multipartRequests(maxBytes: number): fc.Arbitrary<Omit<HostileRequest, 'url'>> {
  const filename = fc.oneof(hostileText.map((text) => text.replace(/["\r\n]/g, '_')), fc.constantFrom('../../etc/passwd.pdf', 'scan.pdf', 'a\u0000.pdf', '\u202Efdp.exe'));
  const file = (content: fc.Arbitrary<Buffer>) =>
    fc.record({ name: fc.constant('file'), filename, contentType: fc.constantFrom('application/pdf', 'image/png', 'text/html'), content });
  const body = (kind: string, parts: fc.Arbitrary<Part[]>, options: { terminate?: boolean; boundary?: string } = {}) =>
    parts.map((list) => ({ kind, contentType: `multipart/form-data; boundary=${BOUNDARY}`, payload: multipart(list, options) }));
  const oversizedPdf = fc.integer({ min: 1, max: 2048 }).map((extra) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(maxBytes + extra, 0x20)]));
  const field = fc.record({ name: fc.oneof(fc.constantFrom('file', 'name', 'caseId'), hostileText.map((text) => text.replace(/["\r\n]/g, '_'))), content: hostileText });
  return fc.oneof(
    body('not a PDF', file(fc.constantFrom(...NOT_PDF)).map((part) => [part])),
    body('oversized upload', file(oversizedPdf).map((part) => [part])),
    body(
      'many parts',
      fc.tuple(fc.integer({ min: 13, max: 400 }), file(fc.constantFrom(...NOT_PDF))).map(([count, part]) =>
        Array.from({ length: count }, (_, index) => (index % 7 === 0 ? part : { name: `f${index}`, content: 'x' })),
      ),
    ),
    body('many files', fc.tuple(fc.integer({ min: 2, max: 30 }), file(fc.constantFrom(...NOT_PDF))).map(([count, part]) => Array.from({ length: count }, () => part))),
    body('no file part', fc.array(field, { maxLength: 5 })),
    body('file under another name', file(fc.constantFrom(...NOT_PDF)).map((part) => [{ ...part, name: 'document' }])),
    body('unterminated', file(fc.constantFrom(...NOT_PDF)).map((part) => [part]), { terminate: false }),
    // Starts like a PDF, so it is read (and, for a document, stored chunk by chunk) until the body ends early.
    body('unterminated PDF', file(fc.constant(Buffer.from('%PDF-1.7\n%\u00e2\u00e3\n1 0 obj <<>> endobj\n'))).map((part) => [part]), { terminate: false }),
    body('other boundary', file(fc.constantFrom(...NOT_PDF)).map((part) => [part]), { boundary: 'not-the-declared-one' }),
    fc.constantFrom(
      { kind: 'multipart without boundary', contentType: 'multipart/form-data', payload: multipart([{ name: 'file', filename: 'a.pdf', content: '%PDF-1.7' }]) },
      { kind: 'multipart, empty', contentType: `multipart/form-data; boundary=${BOUNDARY}`, payload: '' },
      { kind: 'multipart, garbage', contentType: `multipart/form-data; boundary=${BOUNDARY}`, payload: '\r\n\r\n--\u0000--' },
    ),
  );
}

// ---------------------------------------------------------------------------------------------
// The routes. Each write route needs an entry; `params` names path values that must be real for
// the request to reach the body (an upload is judged only once ownership of the case passed).

interface Fixtures {
  citizen: CreatedUser;
  employee: CreatedUser;
  admin: CreatedUser;
  caseId: number;
  conversationId: number;
  letterId: number;
}

interface RouteEntry {
  params?: (fixtures: Fixtures) => Record<string, string>;
}

const ROUTES: Record<string, RouteEntry> = {
  'POST /login': {},
  'POST /register': {},
  'POST /logout': {},
  'POST /login/second-factor': {},
  'POST /login/passkey/options': {},
  'POST /login/passkey': {},
  'POST /api/two-factor/totp/setup': {},
  'POST /api/two-factor/totp/confirm': {},
  'POST /api/two-factor/recovery-codes': {},
  'DELETE /api/two-factor': {},
  'POST /api/two-factor/passkeys/options': {},
  'POST /api/two-factor/passkeys': {},
  'DELETE /api/users/:id/two-factor': { params: (f) => ({ id: String(f.employee.user.id) }) },
  'PUT /api/users/me/language': {},
  'PUT /api/notifications/:id/read': {},
  'PUT /api/notifications/read-all': {},
  'PUT /api/notification-settings': {},
  'POST /api/notifications/unsubscribe/:token': {},
  'POST /api/letters': {},
  'PUT /api/conversations/:id/take': { params: (f) => ({ id: String(f.conversationId) }) },
  'PUT /api/conversations/:id/status': { params: (f) => ({ id: String(f.conversationId) }) },
  'PUT /api/conversations/:id/read': { params: (f) => ({ id: String(f.conversationId) }) },
  'POST /api/conversations/:id/messages/send': { params: (f) => ({ id: String(f.conversationId) }) },
  'POST /api/financial-obligations': {},
  'POST /api/case-resolution/create/VehicleRegistration': {},
  'PUT /api/case-resolution/:id/update-status/:status': { params: (f) => ({ id: String(f.caseId), status: 'RESOLVED' }) },
  'POST /api/case-resolution/:id/add-document': { params: (f) => ({ id: String(f.caseId) }) },
  'POST /api/documents/case': {},
  'POST /api/receipts/verify': {},
  'POST /api/ws/ticket': {},
  'POST /register/employee': {},
  'PUT /api/users/deactivate/:id': { params: (f) => ({ id: String(f.employee.user.id) }) },
  'PUT /api/users/activate/:id': { params: (f) => ({ id: String(f.employee.user.id) }) },
  'POST /api/sessions/refresh': {},
  'POST /api/sessions/end-others': {},
  'POST /api/users/:id/sessions/end': { params: (f) => ({ id: String(f.employee.user.id) }) },
  'POST /api/my-data/closure': {},
  'POST /api/account-closures/:id/approve': { params: (f) => ({ id: String(f.citizen.user.id) }) },
  'DELETE /api/my-data/closure': {},
  'POST /api/account-closures/:id/refuse': { params: (f) => ({ id: String(f.citizen.user.id) }) },
  'POST /api/sessions/:sessionId/end': {},
  'POST /api/account/password': {},
  'POST /api/users/:id/password-reset': { params: (f) => ({ id: String(f.citizen.user.id) }) },
  'POST /api/password-reset/check': {},
  'POST /api/password-reset': {},
  'PUT /api/terms/letters': {},
  'PUT /api/terms/cases': {},
  'PUT /api/case-resolution/:id/complicated': { params: (f) => ({ id: String(f.caseId) }) },
  'POST /api/case-resolution/:id/notes': { params: (f) => ({ id: String(f.caseId) }) },
  'POST /api/conversations/:id/notes': { params: (f) => ({ id: String(f.conversationId) }) },
  'POST /api/case-resolution/:id/delivery': { params: (f) => ({ id: String(f.caseId) }) },
  'POST /api/case-resolution/:id/supplement-requests': { params: (f) => ({ id: String(f.caseId) }) },
  'POST /api/case-resolution/:id/supplement-answer': { params: (f) => ({ id: String(f.caseId) }) },
  'POST /api/case-resolution/:id/appeal': { params: (f) => ({ id: String(f.caseId) }) },
  'PUT /api/conversations/:id/transfer': { params: (f) => ({ id: String(f.conversationId) }) },
  'PUT /api/conversations/:id/release': { params: (f) => ({ id: String(f.conversationId) }) },
  'PUT /api/conversations/:id/reopen': { params: (f) => ({ id: String(f.conversationId) }) },
  'PUT /api/desk-settings': {},
  'PUT /api/case-resolution/:id/reassign': { params: (f) => ({ id: String(f.caseId) }) },
  'PUT /api/case-resolution/:id/release': { params: (f) => ({ id: String(f.caseId) }) },
  'POST /api/letters/:id/rating': { params: (f) => ({ id: String(f.letterId) }) },
  'POST /api/ratings/:token': {},
  'POST /api/reply-templates': {},
  'PUT /api/reply-templates/:id': {},
  'DELETE /api/reply-templates/:id': {},
  'POST /api/reply-templates/:id/fill': {},
  'POST /api/conversations/:id/delay-notice': { params: (f) => ({ id: String(f.conversationId) }) },
  'POST /api/conversations/:id/prompt': { params: (f) => ({ id: String(f.conversationId) }) },
  'POST /api/case-resolution/:id/delay-notice': { params: (f) => ({ id: String(f.caseId) }) },
  'POST /api/case-resolution/:id/prompt': { params: (f) => ({ id: String(f.caseId) }) },
  'POST /api/prompts/:id/answer': {},
};

const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** Every hostile request for one route, as one arbitrary. */
function requestsFor(url: string, operation: Operation, entry: RouteEntry, fixtures: Fixtures): fc.Arbitrary<HostileRequest> {
  const parameters = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path' || parameter.in === 'query');
  const content = operation.requestBody?.content ?? {};
  const jsonSchema = content['application/json']?.schema;
  const isMultipart = 'multipart/form-data' in content;
  const given = entry.params?.(fixtures) ?? {};
  const fill = (values: Record<string, string>) => {
    const path = url.replace(/:(\w+)/g, (_, name: string) => encode(values[name] ?? given[name] ?? '1'));
    const query = parameters
      .filter((parameter) => parameter.in === 'query' && values[parameter.name] !== undefined)
      .map((parameter) => `${parameter.name}=${encode(values[parameter.name] ?? '')}`);
    return query.length ? `${path}?${query.join('&')}` : path;
  };
  const withUrl = (arbitrary: fc.Arbitrary<Omit<HostileRequest, 'url'>>) => arbitrary.map((request) => ({ ...request, url: fill({}) }));

  const arbitraries: fc.Arbitrary<HostileRequest>[] = [withUrl(transportLevel(!isMultipart))];
  if (jsonSchema?.properties && Object.keys(jsonSchema.properties).length) {
    arbitraries.push(
      withUrl(invalidObject(jsonSchema).map((body) => ({ kind: 'invalid fields', contentType: 'application/json', payload: toJsonText(body), validated: true }))),
      withUrl(
        fc.oneof(fc.array(anyHostile, { maxLength: 3 }), hostileText, edgeNumber, fc.boolean()).map((body) => ({
          kind: 'not an object',
          contentType: 'application/json',
          payload: toJsonText(body),
        })),
      ),
    );
  }
  if (isMultipart) arbitraries.push(withUrl(multipartRequests(url.includes('add-document') ? DOCUMENT_MAX_BYTES : 1024 * 1024)));
  if (parameters.some((parameter) => parameter.in === 'path')) {
    // Broken percent-encoding, as sent (the router refuses the address before any route runs).
    arbitraries.push(
      fc.constantFrom('%', '%E0%A4%A', '%ZZ', '%C0%AF', '%F0%9F', '%00').map((raw) => ({
        kind: 'broken percent-encoding',
        url: url.replace(/:(\w+)/, raw).replace(/:(\w+)/g, (_, name: string) => given[name] ?? '1'),
      })),
    );
  }
  for (const parameter of parameters) {
    // A refused path or query value, with a well-typed body (or none) beside it.
    const body = jsonSchema?.properties ? objectOf(jsonSchema, false).map((value) => toJsonText(value)) : fc.constant(undefined);
    arbitraries.push(
      fc.tuple(hostileParameter(parameter), body).map(([{ value, refused }, payload]) => ({
        kind: `hostile ${parameter.in} ${parameter.name}`,
        url: fill({ [parameter.name]: value }),
        contentType: payload === undefined ? undefined : 'application/json',
        payload,
        validated: refused,
      })),
    );
  }
  return fc.oneof(...arbitraries);
}

// ---------------------------------------------------------------------------------------------

describeEachEngine('hostile input, generated', (engine) => {
  const ctx = useTestApp(engine, { documentMaxBytes: DOCUMENT_MAX_BYTES });
  let fixtures: Fixtures;
  let documentOf: OpenApiDocument;
  let countTables: () => Promise<TableCounts>;
  const numRuns = RUNS[engine.name];

  beforeAll(async () => {
    const [citizen, employee, admin] = await Promise.all([createCitizen(ctx.app), createEmployee(ctx.app), createAdmin(ctx.app)]);
    const { id: caseId } = await createVehicleCase(ctx.app, citizen);
    const { id: conversationId, letterId } = await takenConversation(ctx.app, citizen, employee);
    fixtures = { citizen, employee, admin, caseId, conversationId, letterId };
    documentOf = (await ctx.app.inject({ method: 'GET', url: '/api/docs' })).json() as OpenApiDocument;
    countTables = await tableCounter(ctx.app);
  });

  const writeRoutes = (app: FastifyInstance) =>
    app.accessControl
      .routes()
      .filter((route) => WRITE_METHODS.has(route.method))
      .map((route) => ({ key: `${route.method} ${route.url}`, ...route }));

  it('has a generator for every write route the server registers, and none for a route it does not', () => {
    const registered = writeRoutes(ctx.app).map((route) => route.key);
    expect(registered.filter((key) => !(key in ROUTES)), 'write routes without a generator: add them to ROUTES').toEqual([]);
    expect(Object.keys(ROUTES).filter((key) => !registered.includes(key)), 'generators for routes that no longer exist').toEqual([]);
  });

  it('stores script and SQL text verbatim: letter, message and case comment come back byte-identical', async () => {
    const script = '<script>window.__xss=1</script><img src=x onerror="window.__xss=2">';
    const sqlText = "Robert'); DROP TABLE letters; -- ' OR '1'='1 \"; DELETE FROM users WHERE \"\"=\"";
    const { citizen, employee } = fixtures;
    const letter = await createLetter(ctx.app, citizen, { subject: script, content: `${script}\n${sqlText}` });
    const conversations = (await ctx.app.inject({ method: 'GET', url: `/api/conversations/user/${citizen.user.id}`, headers: citizen.headers })).json() as ConversationResponse[];
    const stored = conversations.find((conversation) => conversation.id === letter.id);
    expect(Buffer.from(stored?.subject ?? '')).toEqual(Buffer.from(script));
    expect(Buffer.from(stored?.content ?? '')).toEqual(Buffer.from(`${script}\n${sqlText}`));

    const sent = await ctx.app.inject({
      method: 'POST',
      url: `/api/conversations/${fixtures.conversationId}/messages/send`,
      headers: employee.headers,
      payload: messageBody(fixtures.conversationId, employee, sqlText),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const messages = (await ctx.app.inject({ method: 'GET', url: `/api/conversations/${fixtures.conversationId}/messages`, headers: citizen.headers })).json() as MessageResponse[];
    expect(messages.map((message) => message.content)).toContain(sqlText);

    const { id: caseId } = await createVehicleCase(ctx.app, citizen);
    const decided = await ctx.app.inject({
      method: 'PUT',
      url: `/api/case-resolution/${caseId}/update-status/REJECTED`,
      headers: employee.headers,
      payload: { reason: `${sqlText} ${script}` },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const details = (await ctx.app.inject({ method: 'GET', url: `/api/case-resolution/details/${caseId}`, headers: citizen.headers })).json() as CaseResolutionResponse;
    expect(JSON.stringify(details)).toContain(JSON.stringify(`${sqlText} ${script}`).slice(1, -1));
    // The tables named in the text are all still there.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: citizen.headers })).statusCode).toBe(200);
  });

  it('answers each failure the properties found with its 4xx (the examples they shrank to)', async () => {
    const { citizen, admin } = fixtures;
    const counts = await countTables();
    // JSON declared in another charset would be read as other text: 415, and the token still works.
    const utf16 = await ctx.app.inject({ method: 'POST', url: '/logout', headers: { ...citizen.headers, 'content-type': 'application/json; charset=utf-16' }, payload: '{}' });
    expect(utf16.statusCode, utf16.body).toBe(415);
    // The one-click form parser belongs to the unsubscribe route only.
    const form = await ctx.app.inject({ method: 'PUT', url: '/api/notifications/read-all', headers: { ...citizen.headers, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=1' });
    expect(form.statusCode, form.body).toBe(415);
    // The router's refusals come in the API's error shape.
    const long = await ctx.app.inject({ method: 'PUT', url: `/api/users/activate/${'9'.repeat(300)}`, headers: admin.headers });
    expect(long.statusCode).toBe(414);
    expect(exactErrorShape.safeParse(long.json()).success, long.body).toBe(true);
    // An upload cut off before its closing boundary is the client's 400, not a 500.
    const cut = multipart([{ name: 'file', filename: 'scan.pdf', contentType: 'application/pdf', content: '%PDF-1.7\n1 0 obj <<>> endobj\n' }], { terminate: false });
    const type = `multipart/form-data; boundary=${BOUNDARY}`;
    for (const [url, who] of [[`/api/case-resolution/${fixtures.caseId}/add-document`, citizen], ['/api/receipts/verify', null]] as const) {
      const answer = await ctx.app.inject({ method: 'POST', url, headers: { ...(who?.headers ?? {}), 'content-type': type }, payload: cut });
      expect(answer.statusCode, `${url}: ${answer.body}`).toBe(400);
      expect((answer.json() as ApiErrorResponse).fields?.file, url).toBeDefined();
    }
    expect(changedTables(counts, await countTables()).filter((line) => !COUNTED_ON_PURPOSE.has(line.split(':')[0] ?? ''))).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: citizen.headers })).statusCode).toBe(200);
  });

  const callersOf = (roles: 'public' | readonly string[]): (CreatedUser | null)[] =>
    roles === 'public'
      ? [null]
      : roles.map((role) => (role === 'USER' ? fixtures.citizen : role === 'EMPLOYEE' ? fixtures.employee : fixtures.admin));

  describe.each(Object.keys(ROUTES))('%s', (key) => {
    it(`refuses ${numRuns} generated hostile requests with a 4xx and writes nothing`, async () => {
      const route = writeRoutes(ctx.app).find((candidate) => candidate.key === key);
      expect(route, `${key} is registered`).toBeDefined();
      if (!route) return;
      const operation = documentOf.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      expect(operation, `${key} is in the OpenAPI document`).toBeDefined();
      const callers = callersOf(route.policy.roles);
      const requests = fc.tuple(requestsFor(route.url, operation ?? {}, ROUTES[key] ?? {}, fixtures), fc.constantFrom(...callers));

      // The counts after one request are the counts before the next (nothing else writes in this
      // suite's database meanwhile): one count per request instead of two.
      let counted: TableCounts | undefined;
      await fc.assert(
        fc.asyncProperty(requests, async ([request, caller]) => {
          const before = counted ?? (await countTables());
          // A request that throws before its rows are counted leaves the next one to count afresh.
          counted = undefined;
          const headers: Record<string, string> = { ...(caller?.headers ?? {}) };
          if (request.contentType !== undefined) headers['content-type'] = request.contentType;
          const options: InjectOptions = { method: route.method as InjectOptions['method'], url: request.url, headers };
          if (request.payload !== undefined) options.payload = request.payload;
          const response = await ctx.app.inject(options);
          const after = await countTables();
          counted = after;
          const what = `${request.kind} as ${caller?.user.role ?? 'anonymous'}: ${response.statusCode} ${response.body.slice(0, 300)}`;

          expect(response.statusCode, what).toBeGreaterThanOrEqual(400);
          expect(response.statusCode, what).toBeLessThan(500);
          const parsed = exactErrorShape.safeParse(response.json());
          expect(parsed.success, `error shape: ${what}`).toBe(true);
          if (request.validated && response.statusCode === 400) {
            expect(Object.keys((response.json() as ApiErrorResponse).fields ?? {}).length, `field errors: ${what}`).toBeGreaterThan(0);
          }
          const changed = changedTables(before, after).filter((line) => !COUNTED_ON_PURPOSE.has(line.split(':')[0] ?? ''));
          expect(changed, `rows written by ${what}`).toEqual([]);
        }),
        { seed: SEED, numRuns },
      );

      // Nothing the run sent signed anyone out (logout, refresh and "end others" were all refused).
      for (const caller of callers) {
        if (!caller) continue;
        const me = await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: caller.headers });
        expect(me.statusCode, `${caller.user.role}'s token after the run`).toBe(200);
      }
    });
  });
});
