import type { CaseResolutionResponse, ConversationResponse } from '@portal/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';

/*
 * The access matrix's rows of handing work on (issue 33 points 6-7) and of a citizen reopening a
 * letter (issue 32 point 8), written from the issues, never from the policy table: the clerk who
 * handles a letter (or an admin) hands it on; only admins release, reassign cases, read the stale
 * list and set the numbers; only the letter's own citizen reopens it. Columns as
 * access-policy.test.ts's: anonymous, owner, other citizen, handler, other employee, admin.
 */
type Expected = Record<'anonymous' | 'owner' | 'otherCitizen' | 'handler' | 'otherEmployee' | 'admin', number>;
const statuses = (anonymous: number, owner: number, otherCitizen: number, handler: number, otherEmployee: number, admin: number): Expected => ({
  anonymous,
  owner,
  otherCitizen,
  handler,
  otherEmployee,
  admin,
});

interface Person {
  user: { id: number };
  headers: Record<string, string>;
}
interface HandoffWorld {
  app: FastifyInstance;
  people: { owner: Person; handler: Person; otherEmployee: Person };
  ownersCase(): Promise<CaseResolutionResponse>;
  taken(): Promise<ConversationResponse>;
}

export interface HandoffRow {
  route: string;
  variant?: string;
  request(world: HandoffWorld): Promise<InjectOptions> | InjectOptions;
  expected: Expected;
}

const reason = { reason: 'The park is the Parks department\u2019s matter.' };
const put = (url: string, payload: object): InjectOptions => ({ method: 'PUT', url, payload });

/** A taken conversation the handler then resolved. */
async function resolved(world: HandoffWorld): Promise<ConversationResponse> {
  const taken = await world.taken();
  await world.app.inject({ ...put(`/api/conversations/${taken.id}/status`, { status: 'RESOLVED' }), headers: world.people.handler.headers });
  return taken;
}

/** The owner's case, set in progress by the handler. */
async function handledCase(world: HandoffWorld): Promise<CaseResolutionResponse> {
  const created = await world.ownersCase();
  await world.app.inject({ method: 'PUT', url: `/api/case-resolution/${created.id}/update-status/IN_PROGRESS`, headers: world.people.handler.headers });
  return created;
}

//                                                                   anonymous owner other handler other admin
export const HANDOFF_ROWS: HandoffRow[] = [
  {
    route: 'PUT /api/conversations/:id/transfer',
    variant: 'to another department: its clerk or an admin',
    request: async (world) => put(`/api/conversations/${(await world.taken()).id}/transfer`, { department: 'Parks and Recreation Department', ...reason }),
    expected: statuses(401, 403, 403, 200, 403, 200),
  },
  {
    route: 'PUT /api/conversations/:id/release',
    variant: 'admins only',
    request: async (world) => put(`/api/conversations/${(await world.taken()).id}/release`, reason),
    expected: statuses(401, 403, 403, 403, 403, 200),
  },
  {
    route: 'PUT /api/conversations/:id/reopen',
    variant: 'its own citizen only, not even an admin',
    request: async (world) => put(`/api/conversations/${(await resolved(world)).id}/reopen`, { reason: 'The lamp is broken again.' }),
    expected: statuses(401, 200, 403, 403, 403, 403),
  },
  {
    route: 'GET /api/conversations/:id/handoffs',
    variant: 'its citizen and staff',
    request: async (world) => ({ url: `/api/conversations/${(await world.taken()).id}/handoffs` }),
    expected: statuses(401, 200, 403, 200, 200, 200),
  },
  { route: 'GET /api/colleagues', request: () => ({ url: '/api/colleagues' }), expected: statuses(401, 403, 403, 200, 200, 200) },
  { route: 'GET /api/desk-settings', request: () => ({ url: '/api/desk-settings' }), expected: statuses(401, 403, 403, 403, 403, 200) },
  {
    route: 'PUT /api/desk-settings',
    request: () => put('/api/desk-settings', { staleWorkingDays: 5, reopenWindowDays: 14 }),
    expected: statuses(401, 403, 403, 403, 403, 200),
  },
  {
    route: 'PUT /api/case-resolution/:id/reassign',
    variant: 'admins only',
    request: async (world) => put(`/api/case-resolution/${(await handledCase(world)).id}/reassign`, { employeeId: world.people.otherEmployee.user.id, ...reason }),
    expected: statuses(401, 403, 403, 403, 403, 200),
  },
  {
    route: 'PUT /api/case-resolution/:id/release',
    variant: 'admins only',
    request: async (world) => put(`/api/case-resolution/${(await handledCase(world)).id}/release`, reason),
    expected: statuses(401, 403, 403, 403, 403, 200),
  },
  { route: 'GET /api/stale-assignments', request: () => ({ url: '/api/stale-assignments' }), expected: statuses(401, 403, 403, 403, 403, 200) },
];
