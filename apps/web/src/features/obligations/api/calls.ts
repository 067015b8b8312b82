import {
  obligationListResponse,
  obligationResponse,
  type CreateObligationRequest,
  type ObligationResponse,
  type Role,
  userLabelsResponse,
  userSummaryListResponse,
  type UserSummary,
} from '@portal/contract';
import { http } from '../../../lib/http';

// The obligation calls of spec section 7 and the paged user search of Create Obligations.

export function fetchObligations(userId: number): Promise<ObligationResponse[]> {
  return http.get(`/api/financial-obligations/by-interest-id/${userId}`, obligationListResponse);
}

/** `amount` goes as the decimal text typed ("120.50"): the API reads it exactly, never as a float. */
export function createObligation(body: CreateObligationRequest): Promise<ObligationResponse> {
  return http.post('/api/financial-obligations', body, obligationResponse);
}

export function fetchUserLabels(role: Role): Promise<string[]> {
  return http.get(`/api/users/labels?role=${role}`, userLabelsResponse);
}

export interface UserSearch {
  /** A substring of the username. */
  q?: string;
  /** A label: the start of the username. */
  prefix?: string;
}

/** Users shown per page; one more is asked for, to know whether a next page exists. */
export const USERS_PER_PAGE = 50;

export interface UserPage {
  users: UserSummary[];
  /** The lower-cased username to continue after, when there are more. */
  next: string | undefined;
}

export async function fetchUserPage(search: UserSearch, role: Role, after: string | undefined): Promise<UserPage> {
  const query = new URLSearchParams({ role, limit: String(USERS_PER_PAGE + 1) });
  if (search.q) query.set('q', search.q);
  if (search.prefix) query.set('prefix', search.prefix);
  if (after !== undefined) query.set('after', after);
  const rows = await http.get(`/api/users?${query}`, userSummaryListResponse);
  const users = rows.slice(0, USERS_PER_PAGE);
  const last = users.at(-1);
  return { users, next: rows.length > USERS_PER_PAGE && last ? last.username.toLowerCase() : undefined };
}
