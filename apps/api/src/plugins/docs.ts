import swagger from '@fastify/swagger';
import type { FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { policyFor } from '../access-policy.js';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The parts of a multipart body, for the OpenAPI document only: such a route reads its body
     * as a stream, so Fastify never validates it against a schema.
     */
    multipartParts?: Readonly<Record<string, MultipartPart>>;
  }
}

export interface MultipartPart {
  readonly description: string;
  /** A file part (default) or a short text field. */
  readonly kind?: 'file' | 'text';
  readonly required?: boolean;
}

type JsonObject = Record<string, unknown>;
type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** getApiCaseResolutionDetailsById: unique because method and path are. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => (segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[^A-Za-z0-9]+/)))
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((word) => word[0]!.toUpperCase() + word.slice(1))].join('');
}

function multipartBody(parts: Readonly<Record<string, MultipartPart>>): JsonObject {
  const properties = Object.fromEntries(
    Object.entries(parts).map(([name, part]) => [
      name,
      part.kind === 'text' ? { type: 'string', description: part.description } : { type: 'string', format: 'binary', description: part.description },
    ]),
  );
  const required = Object.entries(parts)
    .filter(([, part]) => part.required !== false)
    .map(([name]) => name);
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
}

/** Both ways a signed-in caller presents the token; the schemes of `components.securitySchemes`. */
const SIGNED_IN: readonly JsonObject[] = [{ bearer: [] }, { cookie: [] }];

/**
 * Who may call the route, from the access policy that enforces it: a public route needs nothing
 * (`[]`), every other one a token. Written nowhere else, so the document cannot drift from what
 * the server does.
 */
function securityOf(method: string, url: string): JsonObject[] | undefined {
  const policy = policyFor(method, url);
  if (!policy) return undefined;
  return policy.roles === 'public' ? [] : SIGNED_IN.map((scheme) => ({ ...scheme }));
}

/** An `x-` key: @fastify/swagger copies those into the operation, where transformObject reads it. */
const OPTIONAL_BODY = 'x-portal-optional-body';

const isOptionalBody = (body: unknown): boolean =>
  isObject(body) && typeof body.safeParse === 'function' && (body as { safeParse: (value: unknown) => { success: boolean } }).safeParse(undefined).success;

/** The operations flagged with OPTIONAL_BODY get `requestBody.required: false`; the flag goes. */
function markOptionalBodies(document: JsonObject): void {
  const paths = isObject(document.paths) ? document.paths : {};
  for (const item of Object.values(paths)) {
    if (!isObject(item)) continue;
    for (const operation of Object.values(item)) {
      if (!isObject(operation) || !(OPTIONAL_BODY in operation)) continue;
      delete operation[OPTIONAL_BODY];
      if (isObject(operation.requestBody)) operation.requestBody.required = false;
    }
  }
}

/**
 * The zod transform, then what it cannot say: `produces` names the type of the success body only
 * (every error is JSON, unless its schema names its own `x-content-type`), a 204 has no body, a
 * multipart body has its parts, every operation has an operationId, and its `security` comes from
 * the access policy.
 */
function transform(input: TransformInput): { schema: FastifySchema; url: string } {
  const transformed = jsonSchemaTransform(input) as { schema: JsonObject | undefined; url: string };
  const url = transformed.url;
  const schema = transformed.schema ?? {};
  if (schema.hide) return { schema, url };
  const method = Array.isArray(input.route.method) ? String(input.route.method[0]) : String(input.route.method);
  const security = securityOf(method, input.url);
  const result: JsonObject = { ...schema, operationId: schema.operationId ?? operationIdOf(method, url), ...(security ? { security } : {}) };

  const produces = Array.isArray(schema.produces) ? (schema.produces as string[]) : undefined;
  delete result.produces;
  if (isObject(schema.response)) {
    result.response = Object.fromEntries(
      Object.entries(schema.response).map(([status, body]) => {
        const described = isObject(body) ? body : {};
        const description = typeof described.description === 'string' ? described.description : undefined;
        if (status === '204') return [status, { type: 'null', ...(description ? { description: description } : {}) }];
        // A body schema may name its own type (`.meta({ 'x-content-type': … })`: a page, whatever the status).
        const { 'x-content-type': ownType, ...bodySchema } = described;
        const types = typeof ownType === 'string' ? [ownType] : status.startsWith('2') && produces ? produces : ['application/json'];
        return [status, { ...(description ? { description } : {}), content: Object.fromEntries(types.map((type) => [type, { schema: bodySchema }])) }];
      }),
    );
  }

  // Fastify's swagger marks every declared body required; a zod-optional one (a call the spec
  // makes without a body) is flagged here and its requestBody made optional in transformObject.
  if (isOptionalBody(input.schema?.body)) result[OPTIONAL_BODY] = true;

  if (isObject(schema.multipartParts)) {
    result.body = multipartBody(schema.multipartParts as Record<string, MultipartPart>);
    result.consumes = ['multipart/form-data'];
  }
  delete result.multipartParts;
  return { schema: result as FastifySchema, url };
}

/**
 * OpenAPI 3.0 applies `nullable` only next to a `type`; zod writes `anyOf` of enums with
 * `nullable` beside it. Enums of one type merge into one enum that lists null; anything else gets
 * a null member in its `anyOf`.
 */
function fixTypelessNullable(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) fixTypelessNullable(item);
    return;
  }
  if (!isObject(node)) return;
  for (const value of Object.values(node)) fixTypelessNullable(value);
  if (node.nullable !== true || 'type' in node || !Array.isArray(node.anyOf)) return;
  const members = node.anyOf as unknown[];
  const type = isObject(members[0]) ? members[0].type : undefined;
  const mergeable = members.every((member) => isObject(member) && member.type === type && Array.isArray(member.enum) && Object.keys(member).every((key) => ['type', 'enum', 'description'].includes(key)));
  if (typeof type === 'string' && mergeable) {
    delete node.anyOf;
    node.type = type;
    node.enum = [...members.flatMap((member) => (member as { enum: unknown[] }).enum), null];
  } else {
    delete node.nullable;
    node.anyOf = [...members, { type: 'object', nullable: true, enum: [null] }];
  }
}

/** OpenAPI built from the routes' zod schemas, served as JSON at GET /api/docs. */
export const docsPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'City Service Portal API',
          description: 'Service-Oriented System for Government Office Clients',
          version: '0.1.0',
        },
        // Relative: the document is served by the API it describes, on whatever host and port.
        servers: [{ url: '/', description: 'The API that serves this document' }],
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
            cookie: { type: 'apiKey', in: 'cookie', name: 'auth_token' },
          },
        },
      },
      transform,
      transformObject: (documentObject) => {
        const document = 'openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject;
        fixTypelessNullable(document);
        markOptionalBodies(document as unknown as JsonObject);
        return document;
      },
    });
    app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'docs' },
);
