import { type ApiErrorResponse, apiErrorResponse } from '@portal/contract';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { z } from 'zod';

/** The error shape and nothing more (built once: suites check thousands of answers). */
const exactErrorShape = z.strictObject(apiErrorResponse.shape);

/** Asserts the status and the `{ error, message, fields? }` shape; returns the parsed body. */
export function expectApiError(response: LightMyRequestResponse, status: number): ApiErrorResponse {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const parsed = exactErrorShape.safeParse(response.json());
  expect(parsed.success, `error shape: ${response.body}`).toBe(true);
  return response.json() as ApiErrorResponse;
}
