import type { CaseResolutionResponse, ConversationResponse } from '@portal/contract';
import type { InjectOptions } from 'fastify';

/*
 * The access matrix's rows of the desk (issue 33), written from the issue, never from the policy
 * table: staff's case lists and internal notes are staff only; a citizen reading or writing a note
 * of their own matter gets 403 like any other citizen. The columns are access-policy.test.ts's:
 * anonymous, owner, other citizen, handler (any employee), other employee, admin.
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

/** What these rows need of the matrix's world: a fresh case of the owner's, a fresh conversation taken by the handler. */
interface DeskWorld {
  app: { inject(options: InjectOptions): Promise<{ json(): unknown }> };
  people: {
    owner: { user: { id: number } };
    handler: { user: { id: number }; headers: Record<string, string> };
    admin: { user: { id: number }; headers: Record<string, string> };
  };
  ownersCase(): Promise<CaseResolutionResponse>;
  taken(): Promise<ConversationResponse>;
}

export interface DeskRow {
  route: string;
  variant?: string;
  request(world: DeskWorld): Promise<InjectOptions> | InjectOptions;
  expected: Expected;
}

const note = { body: 'Checked the documents; waiting for the plate.' };

// Reply templates (issue 33 point 4): a fresh one per caller, so a DELETE finds its own.
const ownTemplate = { name: 'Greeting', language: 'en', scope: 'PERSONAL', text: 'Hello {firstName}.' };
const departmentTemplate = { name: 'Roads', language: 'en', scope: 'DEPARTMENT', department: 'Public Works Department', text: 'Dear {firstName}, about {reference}.' };
const templateOf = async (world: DeskWorld, who: 'handler' | 'admin', payload: object) =>
  ((await world.app.inject({ method: 'POST', url: '/api/reply-templates', headers: world.people[who].headers, payload })).json() as { id: number }).id;

//                                                                   anonymous owner other handler other admin
export const DESK_ROWS: DeskRow[] = [
  ...(['in-progress', 'mine', 'decided'] as const).map((view) => ({
    route: 'GET /api/case-resolution/staff/:view',
    variant: view,
    request: () => ({ url: `/api/case-resolution/staff/${view}` }),
    expected: statuses(401, 403, 403, 200, 200, 200),
  })),
  {
    route: 'GET /api/case-resolution/:id/notes',
    variant: "the owner's case: staff only",
    request: async (world) => ({ url: `/api/case-resolution/${(await world.ownersCase()).id}/notes` }),
    expected: statuses(401, 403, 403, 200, 200, 200),
  },
  {
    route: 'POST /api/case-resolution/:id/notes',
    variant: "a note on the owner's case: staff only",
    request: async (world) => ({ method: 'POST', url: `/api/case-resolution/${(await world.ownersCase()).id}/notes`, payload: note }),
    expected: statuses(401, 403, 403, 201, 201, 201),
  },
  {
    route: 'GET /api/conversations/:id/notes',
    variant: "the owner's taken conversation: staff only, any employee (a note is for colleagues)",
    request: async (world) => ({ url: `/api/conversations/${(await world.taken()).id}/notes` }),
    expected: statuses(401, 403, 403, 200, 200, 200),
  },
  {
    route: 'POST /api/conversations/:id/notes',
    variant: "a note on the owner's taken conversation: staff only",
    request: async (world) => ({ method: 'POST', url: `/api/conversations/${(await world.taken()).id}/notes`, payload: note }),
    expected: statuses(401, 403, 403, 201, 201, 201),
  },
  {
    route: 'GET /api/reply-templates',
    request: () => ({ url: '/api/reply-templates' }),
    expected: statuses(401, 403, 403, 200, 200, 200),
  },
  {
    route: 'POST /api/reply-templates',
    variant: 'a personal template: any member of staff, for themselves',
    request: () => ({ method: 'POST', url: '/api/reply-templates', payload: ownTemplate }),
    expected: statuses(401, 403, 403, 201, 201, 201),
  },
  {
    route: 'POST /api/reply-templates',
    variant: "a department's template: admins only",
    request: () => ({ method: 'POST', url: '/api/reply-templates', payload: departmentTemplate }),
    expected: statuses(401, 403, 403, 403, 403, 201),
  },
  {
    route: 'PUT /api/reply-templates/:id',
    variant: "the handler's own template: theirs alone (not even an admin's)",
    request: async (world) => ({ method: 'PUT', url: `/api/reply-templates/${await templateOf(world, 'handler', ownTemplate)}`, payload: ownTemplate }),
    expected: statuses(401, 403, 403, 200, 403, 403),
  },
  {
    route: 'PUT /api/reply-templates/:id',
    variant: "a department's template: admins only",
    request: async (world) => ({ method: 'PUT', url: `/api/reply-templates/${await templateOf(world, 'admin', departmentTemplate)}`, payload: departmentTemplate }),
    expected: statuses(401, 403, 403, 403, 403, 200),
  },
  {
    route: 'DELETE /api/reply-templates/:id',
    variant: "the handler's own template: theirs alone",
    request: async (world) => ({ method: 'DELETE', url: `/api/reply-templates/${await templateOf(world, 'handler', ownTemplate)}` }),
    expected: statuses(401, 403, 403, 204, 403, 403),
  },
  {
    route: 'POST /api/reply-templates/:id/fill',
    variant: "a department's template for the handler's conversation: its handler (and admins)",
    request: async (world) => ({
      method: 'POST',
      url: `/api/reply-templates/${await templateOf(world, 'admin', departmentTemplate)}/fill`,
      payload: { conversationId: (await world.taken()).id },
    }),
    expected: statuses(401, 403, 403, 200, 403, 200),
  },
  {
    route: 'GET /api/contacts/:userId',
    variant: "the owner's contact panel: staff only, not even the owner",
    request: ({ people }) => ({ url: `/api/contacts/${people.owner.user.id}` }),
    expected: statuses(401, 403, 403, 200, 200, 200),
  },
  {
    route: 'GET /api/contacts/:userId',
    variant: 'an employee has no contact panel',
    request: ({ people }) => ({ url: `/api/contacts/${people.handler.user.id}` }),
    expected: statuses(401, 403, 403, 404, 404, 404),
  },
];
