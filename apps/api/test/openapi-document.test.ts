import SwaggerParser from '@apidevtools/swagger-parser';
import Ajv from 'ajv';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import { addPdf, createVehicleCase, makePdf, multipartBody, vehicleCaseBody } from './helpers/cases.js';
import { engines } from './helpers/engines.js';
import { createAdmin, createCitizen, createEmployee, type CreatedUser, newRegistration } from './helpers/factories.js';
import { createLetter, letterBody, messageBody } from './helpers/letters.js';
import { obligationBody } from './helpers/obligations.js';

/**
 * The OpenAPI document at GET /api/docs checked from the outside: an independent validator lints
 * it, and requests built from it are replayed against the app; every answer's status, content
 * type and body must be one the document declares. The document does not depend on the engine,
 * so SQLite is enough.
 */

interface MediaType {
  schema?: object;
}
interface ResponseObject {
  content?: Record<string, MediaType>;
}
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
}
interface Operation {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, MediaType & { schema?: { required?: string[]; properties?: Record<string, { format?: string }> } }> };
  responses: Record<string, ResponseObject>;
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

function operationsOf(document: OpenApiDocument) {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ path, method, operation: item[method]! })),
  );
}

/** Every schema object in the document (a crude walk: objects with `type`, `anyOf` or `nullable`). */
function* schemasIn(node: unknown): Generator<Record<string, unknown>> {
  if (Array.isArray(node)) {
    for (const item of node) yield* schemasIn(item);
  } else if (typeof node === 'object' && node !== null) {
    const object = node as Record<string, unknown>;
    if ('nullable' in object || 'anyOf' in object || 'type' in object) yield object;
    for (const value of Object.values(object)) yield* schemasIn(value);
  }
}

const ajv = new Ajv({ nullable: true, unknownFormats: 'ignore', allErrors: true });
// zod names a prefix check as a format; the pattern beside it says the same.
ajv.addFormat('starts_with', /^/);

/** OpenAPI 3.0 writes exclusive bounds as draft-04 booleans; Ajv reads draft-07 numbers. */
function toDraft7(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toDraft7);
  if (typeof node !== 'object' || node === null) return node;
  const schema: Record<string, unknown> = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, toDraft7(value)]));
  for (const [flag, bound] of [['exclusiveMinimum', 'minimum'], ['exclusiveMaximum', 'maximum']] as const) {
    if (schema[flag] === true) {
      schema[flag] = schema[bound];
      delete schema[bound];
    } else if (schema[flag] === false) {
      delete schema[flag];
    }
  }
  return schema;
}

const ctx = useTestApp(engines[0]!);
let document: OpenApiDocument;

beforeAll(async () => {
  const response = await ctx.app.inject({ url: '/api/docs' });
  expect(response.statusCode).toBe(200);
  document = response.json<OpenApiDocument>();
});

describe('the OpenAPI document', () => {
  it('passes an independent OpenAPI validator', async () => {
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
  });

  it('gives every operation a unique operationId', () => {
    const ids = operationsOf(document).map(({ operation }) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('uses nullable only next to a type (OpenAPI 3.0)', () => {
    const typeless = [...schemasIn(document)].filter((schema) => schema.nullable === true && !('type' in schema));
    expect(typeless).toEqual([]);
  });

  it('describes the PDF upload as multipart with a required binary file part', () => {
    const body = document.paths['/api/case-resolution/{id}/add-document']?.post?.requestBody;
    const schema = body?.content['multipart/form-data']?.schema;
    expect(schema?.required).toEqual(['file']);
    expect(schema?.properties?.file?.format).toBe('binary');
  });

  it('describes the CSV export as text/csv and its errors as JSON', () => {
    const responses = document.paths['/api/audit/export.csv']?.get?.responses;
    expect(Object.keys(responses?.['200']?.content ?? {})).toEqual(['text/csv']);
    for (const status of ['400', '401', '403']) expect(Object.keys(responses?.[status]?.content ?? {})).toEqual(['application/json']);
  });

  it('describes the download as application/pdf and the logout as an answer without a body', () => {
    expect(Object.keys(document.paths['/api/documents/{uuid}/download']?.get?.responses['200']?.content ?? {})).toEqual(['application/pdf']);
    expect(document.paths['/api/documents/{uuid}/download']?.get?.responses['404']?.content).toHaveProperty(['application/json']);
    expect(document.paths['/logout']?.post?.responses['204']?.content).toBeUndefined();
  });
});

interface Fixtures {
  citizen: CreatedUser;
  employee: CreatedUser;
  admin: CreatedUser;
  spare: CreatedUser;
  conversationId: number;
  caseId: number;
  documentUuid: string;
}

/** A value for a path parameter, chosen by the path so the request reaches a real record. */
function pathValue(path: string, name: string, f: Fixtures): string {
  if (name === 'userId') return String(f.citizen.user.id);
  if (name === 'status') return 'PENDING';
  if (name === 'uuid') return f.documentUuid;
  if (name === 'token') return 'not-a-real-token';
  if (/conversation/.test(path)) return String(f.conversationId);
  if (/case/.test(path)) return String(f.caseId);
  if (/users\/(de)?activate/.test(path)) return String(f.spare.user.id);
  return '1';
}

/** Example bodies for the operations that write; anything else with a body gets `{}` (a 4xx). */
async function exampleRequest(operationId: string, who: CreatedUser | null, f: Fixtures): Promise<Pick<InjectOptions, 'payload' | 'headers'>> {
  const me = who ?? f.citizen;
  switch (operationId) {
    case 'postLogin':
      return { payload: { username: f.citizen.user.username, password: f.citizen.password } };
    case 'postRegister':
      return { payload: newRegistration() };
    case 'postRegisterEmployee':
      return { payload: { ...newRegistration(), department: 'Public Works Department' } };
    case 'postApiLetters':
      return { payload: letterBody(me) };
    case 'postApiConversationsByIdMessagesSend':
      return { payload: messageBody(f.conversationId, me) };
    case 'postApiFinancialObligations':
      return { payload: obligationBody(f.citizen) };
    case 'postApiCaseResolutionCreateVehicleRegistration':
      return { payload: vehicleCaseBody(who ? me : null) };
    case 'postApiDocumentsCase':
      return { payload: { id: f.caseId } };
    case 'putApiUsersMeLanguage':
      return { payload: { language: 'pl' } };
    case 'postApiCaseResolutionByIdAddDocument':
      return {
        payload: multipartBody(await makePdf('Replayed upload')),
        headers: { 'content-type': 'multipart/form-data; boundary=----portal-test-boundary-7MA4YWxkTrZu0gW' },
      };
    default:
      return { payload: {} };
  }
}

function declaredStatus(responses: Record<string, ResponseObject>, status: number): ResponseObject | undefined {
  return responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
}

async function replay(app: FastifyInstance, path: string, method: string, operation: Operation, who: CreatedUser | null, f: Fixtures) {
  const url = path.replace(/\{(\w+)\}/g, (_, name: string) => pathValue(path, name, f));
  const example = operation.requestBody ? await exampleRequest(operation.operationId ?? '', who, f) : {};
  const response = await app.inject({
    method: method.toUpperCase() as InjectOptions['method'],
    url,
    ...example,
    headers: { ...(who ? who.headers : {}), ...(example.headers as Record<string, string> | undefined) },
  });
  const where = `${method.toUpperCase()} ${url} as ${who?.user.role ?? 'anonymous'} -> ${response.statusCode} ${response.body.slice(0, 200)}`;
  const declared = declaredStatus(operation.responses, response.statusCode);
  expect(declared, `undeclared status: ${where}`).toBeDefined();
  const content = declared?.content;
  if (!content) {
    expect(response.body, `a body where none is declared: ${where}`).toBe('');
    return;
  }
  const type = String(response.headers['content-type'] ?? '').split(';')[0]!.trim();
  expect(Object.keys(content), `undeclared content type ${type}: ${where}`).toContain(type);
  const schema = content[type]?.schema;
  if (type === 'application/json' && schema) {
    const valid = ajv.validate(toDraft7(schema) as object, response.json());
    expect(valid, `body does not match the schema: ${where}\n${ajv.errorsText()}`).toBe(true);
  } else if (type === 'application/pdf') {
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }
}

describe('requests generated from the document', () => {
  it('every operation, as each role and anonymous, answers only what the document declares', async () => {
    const app = ctx.app;
    const citizen = await createCitizen(app);
    const employee = await createEmployee(app);
    const f: Fixtures = {
      citizen,
      employee,
      admin: await createAdmin(app),
      spare: await createCitizen(app),
      conversationId: (await createLetter(app, citizen)).id,
      caseId: 0,
      documentUuid: '',
    };
    const created = await createVehicleCase(app, citizen);
    f.caseId = created.id;
    f.documentUuid = (await addPdf(app, citizen, created.id)).uuid;

    const operations = operationsOf(document);
    // Logging out ends the caller's session: it goes last, after every other call.
    const ordered = [...operations.filter(({ path }) => path !== '/logout'), ...operations.filter(({ path }) => path === '/logout')];
    let replayed = 0;
    for (const { path, method, operation } of ordered) {
      for (const who of [null, f.citizen, f.employee, f.admin]) {
        await replay(app, path, method, operation, who, f);
        replayed += 1;
      }
    }
    expect(replayed).toBeGreaterThanOrEqual(4 * 40);
  }, 30_000);
});
