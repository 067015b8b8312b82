import type { CaseResolutionResponse, ConversationResponse } from '@portal/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { workingDayIn } from './helpers/every-event.js';

/*
 * The access matrix's rows of the late terms (issue 32 points 5 and 6), written from the issue,
 * never from the policy table: a matter's clock is its citizen's and staff's; staff send delay
 * notices; only the owner prompts (another citizen's matter is 403, like an unknown one); only
 * admins list and answer prompts. Columns as in access-policy.test.ts: anonymous, owner, other
 * citizen, handler (any employee), other employee, admin.
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

interface LateTermWorld {
  app: FastifyInstance;
  people: { owner: { headers: Record<string, string> } };
  open(): Promise<ConversationResponse>;
  taken(): Promise<ConversationResponse>;
  ownersCase(): Promise<CaseResolutionResponse>;
}

export interface LateTermRow {
  route: string;
  variant?: string;
  request(world: LateTermWorld): Promise<InjectOptions> | InjectOptions;
  expected: Expected;
}

const LONG_AGO = () => new Date(Date.now() - 70 * 86_400_000).toISOString();
/** A new letter of the owner's whose term passed (it arrived 70 days ago). */
async function overdueLetter(world: LateTermWorld): Promise<ConversationResponse> {
  const letter = await world.open();
  await world.app.db.updateTable('conversations').set({ created_at: LONG_AGO() }).where('id', '=', letter.id).execute();
  return letter;
}
async function overdueCase(world: LateTermWorld): Promise<CaseResolutionResponse> {
  const created = await world.ownersCase();
  await world.app.db.updateTable('case_resolutions').set({ submission_date: LONG_AGO() }).where('id', '=', created.id).execute();
  return created;
}
/** An open prompt of the owner's about an overdue case (a new one each, unless the row's world makes the case once). */
async function openPrompt(world: LateTermWorld): Promise<number> {
  const created = await overdueCase(world);
  await world.app.inject({ method: 'POST', url: `/api/case-resolution/${created.id}/prompt`, headers: world.people.owner.headers, payload: { text: 'Please decide.' } });
  const row = await world.app.db.selectFrom('matter_prompts').select('id').where('matter_kind', '=', 'case').where('matter_id', '=', created.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
  return Number(row.id);
}
const notice = () => ({ reason: 'The expert opinion comes later.', newDueDate: workingDayIn(60) });
const prompt = { text: 'The term has passed; please answer.' };

//                                                                   anonymous owner other handler other admin
export const LATE_TERM_ROWS: LateTermRow[] = [
  {
    route: 'GET /api/conversations/:id/deadline',
    variant: "the owner's taken letter: its citizen and staff",
    request: async (world) => ({ url: `/api/conversations/${(await world.taken()).id}/deadline` }),
    expected: statuses(401, 200, 403, 200, 200, 200),
  },
  {
    route: 'GET /api/case-resolution/:id/deadline',
    request: async (world) => ({ url: `/api/case-resolution/${(await world.ownersCase()).id}/deadline` }),
    expected: statuses(401, 200, 403, 200, 200, 200),
  },
  {
    route: 'POST /api/conversations/:id/delay-notice',
    variant: 'a new letter each: staff only, any clerk',
    request: async (world) => ({ method: 'POST', url: `/api/conversations/${(await world.taken()).id}/delay-notice`, payload: notice() }),
    expected: statuses(401, 403, 403, 200, 200, 200),
  },
  {
    route: 'POST /api/case-resolution/:id/delay-notice',
    variant: 'a new case each: staff only',
    request: async (world) => ({ method: 'POST', url: `/api/case-resolution/${(await world.ownersCase()).id}/delay-notice`, payload: notice() }),
    expected: statuses(401, 403, 403, 200, 200, 200),
  },
  {
    route: 'POST /api/conversations/:id/prompt',
    variant: "a new overdue letter each: only its citizen, never staff",
    request: async (world) => ({ method: 'POST', url: `/api/conversations/${(await overdueLetter(world)).id}/prompt`, payload: prompt }),
    expected: statuses(401, 200, 403, 403, 403, 403),
  },
  {
    route: 'POST /api/case-resolution/:id/prompt',
    variant: 'a new overdue case each: only its citizen, never staff',
    request: async (world) => ({ method: 'POST', url: `/api/case-resolution/${(await overdueCase(world)).id}/prompt`, payload: prompt }),
    expected: statuses(401, 200, 403, 403, 403, 403),
  },
  { route: 'GET /api/prompts', request: () => ({ url: '/api/prompts' }), expected: statuses(401, 403, 403, 403, 403, 200) },
  {
    route: 'POST /api/prompts/:id/answer',
    variant: 'a new prompt each: admins only',
    request: async (world) => ({ method: 'POST', url: `/api/prompts/${await openPrompt(world)}/answer`, payload: { reason: 'The clerk decides this week.' } }),
    expected: statuses(401, 403, 403, 403, 403, 200),
  },
];
