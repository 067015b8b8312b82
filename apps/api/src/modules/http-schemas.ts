import { apiErrorResponse } from '@portal/contract';

/** Documents error answers in OpenAPI; every one has the `{ error, message, fields? }` shape. */
export function errorResponses<const S extends number>(...statuses: S[]): Record<S, typeof apiErrorResponse> {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorResponse])) as Record<S, typeof apiErrorResponse>;
}
