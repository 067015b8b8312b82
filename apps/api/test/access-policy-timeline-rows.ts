import type { CaseResolutionResponse, ConversationResponse } from '@portal/contract';
import type { InjectOptions } from 'fastify';

/*
 * The access matrix's rows of a matter's timeline and of rating a letter (issue 32 points 2 and 8),
 * written from the issue, never from the policy table: only the matter's owner and staff read a
 * timeline; only the letter's writer rates it (staff may not rate for them); the email's link is
 * public, and a forged one is a 404 for everyone. Columns: anonymous, owner, other citizen,
 * handler (any employee), other employee, admin.
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

interface TimelineWorld {
  ownersCase(): Promise<CaseResolutionResponse>;
  taken(): Promise<ConversationResponse>;
}

export interface TimelineRow {
  route: string;
  variant?: string;
  request(world: TimelineWorld): Promise<InjectOptions> | InjectOptions;
  expected: Expected;
}

const FORGED = `1.4102444800.${'A'.repeat(43)}`;

//                                                                   anonymous owner other handler other admin
export const TIMELINE_ROWS: TimelineRow[] = [
  {
    route: 'GET /api/timeline/letters/:id',
    variant: "the owner's taken letter: its owner and staff",
    request: async (world) => ({ url: `/api/timeline/letters/${(await world.taken()).letterId}` }),
    expected: statuses(401, 200, 403, 200, 200, 200),
  },
  {
    route: 'GET /api/timeline/cases/:id',
    variant: "the owner's case: its owner and staff",
    request: async (world) => ({ url: `/api/timeline/cases/${(await world.ownersCase()).id}` }),
    expected: statuses(401, 200, 403, 200, 200, 200),
  },
  {
    route: 'GET /api/letters/:id/rating',
    variant: "the owner's letter: its writer only",
    request: async (world) => ({ url: `/api/letters/${(await world.taken()).letterId}/rating` }),
    expected: statuses(401, 200, 403, 403, 403, 403),
  },
  {
    route: 'POST /api/letters/:id/rating',
    variant: "the owner's letter still being handled: its writer is told 409, nobody else gets that far",
    request: async (world) => ({ method: 'POST', url: `/api/letters/${(await world.taken()).letterId}/rating`, payload: { helpful: true } }),
    expected: statuses(401, 409, 403, 403, 403, 403),
  },
  {
    route: 'GET /api/ratings/:token',
    variant: 'a forged link: public, and not valid for anyone',
    request: () => ({ url: `/api/ratings/${FORGED}` }),
    expected: statuses(404, 404, 404, 404, 404, 404),
  },
  {
    route: 'POST /api/ratings/:token',
    variant: 'a forged link: public, and not valid for anyone',
    request: () => ({ method: 'POST', url: `/api/ratings/${FORGED}`, payload: { helpful: true } }),
    expected: statuses(404, 404, 404, 404, 404, 404),
  },
];
