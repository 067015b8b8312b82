import type { CaseResolutionResponse } from '@portal/contract';
import type { InjectOptions } from 'fastify';

/*
 * The access matrix's rows of answering back on a case (issue 32 points 7 and 8), written from the
 * issue, never from the policy table: only the case's owner delivers, answers and appeals; staff
 * ask to supplement and read; another citizen gets 403 whether or not the case exists. On a fresh
 * PENDING case the owner's steps pass the access policy and meet the case's rules (409). Columns:
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

interface AnswersWorld {
  ownersCase(): Promise<CaseResolutionResponse>;
}

export interface AnswersRow {
  route: string;
  variant?: string;
  request(world: AnswersWorld): Promise<InjectOptions> | InjectOptions;
  expected: Expected;
}

const onFreshCase = async (world: AnswersWorld, path: string, payload?: object): Promise<InjectOptions> => ({
  method: payload === undefined && path === 'answers' ? 'GET' : 'POST',
  url: `/api/case-resolution/${(await world.ownersCase()).id}/${path}`,
  ...(payload === undefined ? {} : { payload }),
});

//                                                                   anonymous owner other handler other admin
export const ANSWERS_ROWS: AnswersRow[] = [
  ...(['appeals', 'waiting'] as const).map((view) => ({
    route: 'GET /api/case-resolution/staff/:view',
    variant: `${view} (issue 32's views beside issue 33's)`,
    request: () => ({ url: `/api/case-resolution/staff/${view}` }),
    expected: statuses(401, 403, 403, 200, 200, 200),
  })),
  {
    route: 'GET /api/case-resolution/:id/answers',
    variant: "the owner's case: the owner and staff",
    request: (world) => onFreshCase(world, 'answers'),
    expected: statuses(401, 200, 403, 200, 200, 200),
  },
  {
    route: 'POST /api/case-resolution/:id/delivery',
    variant: "the owner's undecided case: only the owner reaches the rule (nothing to deliver, 409); staff never deliver",
    request: (world) => onFreshCase(world, 'delivery'),
    expected: statuses(401, 409, 403, 403, 403, 403),
  },
  {
    route: 'POST /api/case-resolution/:id/supplement-requests',
    variant: "a request on the owner's fresh case: staff only",
    request: (world) => onFreshCase(world, 'supplement-requests', { message: 'Please upload the previous owner\u2019s signature.' }),
    expected: statuses(401, 403, 403, 201, 201, 201),
  },
  {
    route: 'POST /api/case-resolution/:id/supplement-answer',
    variant: "the owner's case nobody asked about: only the owner reaches the rule (not waiting, 409)",
    request: (world) => onFreshCase(world, 'supplement-answer', { answer: 'Here it is.' }),
    expected: statuses(401, 409, 403, 403, 403, 403),
  },
  {
    route: 'POST /api/case-resolution/:id/appeal',
    variant: "the owner's undecided case: only the owner reaches the rule (not rejected, 409)",
    request: (world) => onFreshCase(world, 'appeal', { text: 'The contract was signed by both parties.' }),
    expected: statuses(401, 409, 403, 403, 403, 403),
  },
];
