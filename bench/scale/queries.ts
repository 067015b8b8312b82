// The reads bench:scale measures, by name: each builds its rotating requests from the ready line
// and checks an answer. A new read is one more entry here; run.ts measures and reports every
// entry, and tooling/test/bench-scale-small.test.ts runs each once against a tiny seed.
import { MATTER_PAGE_SIZE, PERFORMANCE_UNITS } from '@portal/contract';
import { BUSY_MATTERS } from './data.js';
import type { ScaleParties } from './protocol.js';

const BUSY_MATTER_COUNT = BUSY_MATTERS.letters + BUSY_MATTERS.cases + BUSY_MATTERS.obligations;

export const PAGE = 51;

export interface NamedQuery {
  name: string;
  /** The requests to rotate through (path and headers). */
  requests(parties: ScaleParties): { path: string; headers?: Record<string, string> }[];
  /** null when the answer is right, else what is wrong. */
  check(body: unknown): string | null;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const wrong = (body: unknown) => `unexpected answer ${JSON.stringify(body).slice(0, 200)}`;
const isArrayOf = (length: (n: number) => boolean) => (body: unknown) => (Array.isArray(body) && length(body.length) ? null : wrong(body));
const everyUnit = (body: unknown) => {
  const units = (body as { units?: { unit: string }[] } | null)?.units;
  return Array.isArray(units) && units.map((unit) => unit.unit).join() === PERFORMANCE_UNITS.join() ? null : wrong(body);
};
/** "My matters": a full first page, and the total the busy citizen was seeded with. */
const myMatters = (body: unknown) => {
  const answer = body as { items?: unknown[]; total?: number } | null;
  return Array.isArray(answer?.items) && answer.items.length === MATTER_PAGE_SIZE && answer.total === BUSY_MATTER_COUNT ? null : wrong(body);
};
/** The open queue by due date: a page, its due dates in order (the overdue first). */
const dueOrdered = (body: unknown) => {
  if (!Array.isArray(body) || body.length === 0 || body.length > PAGE) return wrong(body);
  const dues = (body as { dueDate?: string | null; status?: string }[]).map((item) => item.dueDate ?? '');
  const sorted = dues.every((due, index) => index === 0 || (dues[index - 1] ?? '') <= due);
  return sorted && body.every((item: { status?: string }) => item.status === 'OPEN') ? null : wrong(body);
};
const users = (parties: ScaleParties, query: string) => ({ path: `/api/users?${query}&role=USER&limit=${PAGE}`, headers: bearer(parties.employee.token) });

export const SCALE_QUERIES: NamedQuery[] = [
  {
    name: 'a citizen\u2019s obligations (own list)',
    requests: (parties) => parties.citizens.map((citizen) => ({ path: `/api/financial-obligations/by-interest-id/${citizen.userId}`, headers: bearer(citizen.token) })),
    check: isArrayOf((n) => n >= 1),
  },
  { name: 'user search, common text (q=nowak…)', requests: (parties) => parties.searches.common.map((q) => users(parties, `q=${q}`)), check: isArrayOf((n) => n >= 1 && n <= PAGE) },
  { name: 'user search, rare text (one match)', requests: (parties) => parties.searches.rare.map((q) => users(parties, `q=${q}`)), check: isArrayOf((n) => n === 1) },
  { name: 'label list (GET /api/users/labels)', requests: (parties) => [{ path: '/api/users/labels?role=USER', headers: bearer(parties.employee.token) }], check: isArrayOf((n) => n > 0) },
  {
    name: 'a label\u2019s users (prefix=, first page)',
    requests: (parties) => parties.labels.map((label) => users(parties, `prefix=${encodeURIComponent(label)}`)),
    check: isArrayOf((n) => n > 0 && n <= PAGE),
  },
  // Issue 32: "My matters" of a citizen with 200 letters, cases and obligations, its first page.
  { name: 'My matters (200 matters, first page)', requests: (parties) => [{ path: '/api/matters', headers: bearer(parties.busyCitizen.token) }], check: myMatters },
  // Issue 33 point 2: the clerk's open queue by due date (the Employee Dashboard's call, a page of it).
  {
    name: 'clerk\u2019s open queue by due date (first page)',
    requests: (parties) => [{ path: `/api/conversations?status=OPEN&employeeId=${parties.employee.userId}&order=due&limit=${PAGE}`, headers: bearer(parties.employee.token) }],
    check: dueOrdered,
  },
  // Issue 33 point 8: computed on every read (no cache), the 12 weeks' SQL aggregates.
  { name: 'performance dashboard (admin, 12 weeks)', requests: (parties) => [{ path: '/api/admin/performance', headers: bearer(parties.admin.token) }], check: everyUnit },
  // Issue 33 point 9: the 12 months' aggregates, kept 5 minutes (its cold read is in the ready line).
  { name: 'public performance open data (JSON)', requests: () => [{ path: '/api/public/performance' }], check: everyUnit },
];
