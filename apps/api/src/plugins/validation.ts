import { transportMessages } from '@portal/contract';
import type { FastifySchemaCompiler } from 'fastify';
import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { $ZodType } from 'zod/v4/core';

/**
 * The contract's zod schemas validate params, query and body (unknown properties are stripped by
 * z.object). Two additions for every route:
 * - a missing or `null` body is validated as `{}`, so the client learns which fields are required
 *   instead of "expected object";
 * - text containing NUL is refused: PostgreSQL cannot store it and would answer with a 5xx.
 */
export const validatorCompiler: FastifySchemaCompiler<$ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  return (data) => {
    const input = route.httpPart === 'body' && (data === undefined || data === null) ? {} : data;
    // The zod compiler answers synchronously with { value } or { error }.
    const result = validate(input) as { value?: unknown; error?: FastifySchemaValidationError[] };
    if (result.error) return result;
    const withNul = pathsOfNulText(result.value);
    if (withNul.length === 0) return result;
    return { error: withNul.map(nulIssue) };
  };
};

function nulIssue(path: string[]): FastifySchemaValidationError {
  return {
    keyword: 'invalid_characters',
    instancePath: `/${path.join('/')}`,
    schemaPath: '#',
    params: {},
    message: transportMessages.invalidCharacters,
  };
}

function pathsOfNulText(value: unknown, path: string[] = [], found: string[][] = []): string[][] {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) found.push(path);
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => pathsOfNulText(item, [...path, String(index)], found));
  } else if (typeof value === 'object' && value !== null && !Buffer.isBuffer(value)) {
    for (const [key, item] of Object.entries(value)) pathsOfNulText(item, [...path, key], found);
  }
  return found;
}
