import {
  type CreateObligation,
  decimalToGrosze,
  groszeToDecimal,
  type Language,
  obligationApiMessages,
  type ObligationResponse,
  obligationTransferTitle,
  paymentCode,
  type TransferDetails,
} from '@portal/contract';
import type { PaymentAccountConfig } from './config.js';
import { badRequest, notFound } from '../../plugins/api-error.js';
import type { PortalEvents } from '../../plugins/events.js';
import { transferHint } from './reminders.js';
import type { ObligationMatterFacts } from '../../ports/matters.js';
import type { UsersPort } from '../../ports/users.js';
import type { Obligation, ObligationsRepository } from './repository.js';

export interface ObligationsServiceDeps {
  obligations: ObligationsRepository;
  /** An obligation's owner must exist and be a citizen. */
  users: Pick<UsersPort, 'findUser'>;
  /** The city's account; null shows no transfer details. */
  paymentAccount: PaymentAccountConfig | null;
  /** A creation is one event (its audit row and the citizen's notice are subscribers'), in the transaction that writes it. */
  events: Pick<PortalEvents, 'transaction' | 'emit'>;
}

export interface Caller {
  id: number;
}

function transferFor(obligation: Obligation, account: PaymentAccountConfig | null): TransferDetails | null {
  if (!account || obligation.paymentStatus === 'PAID') return null;
  const title = obligationTransferTitle(obligation);
  return {
    accountNumber: account.nrb,
    recipientName: account.recipientName,
    amount: groszeToDecimal(obligation.amountGrosze),
    title,
    paymentCode: paymentCode({ nrb: account.nrb, amountGrosze: obligation.amountGrosze, recipientName: account.recipientName, title, nip: account.nip }),
  };
}

/**
 * Rules of financial obligations. Who may call what is the access policy's (a citizen reads only
 * their own list; staff create and read anyone's); this service checks what the policy cannot:
 * the owner of a new obligation exists and is a citizen.
 */
export function createObligationsService({ obligations, users, paymentAccount, events }: ObligationsServiceDeps) {
  const toResponse = (obligation: Obligation): ObligationResponse => ({
    id: obligation.id,
    interestId: obligation.interestId,
    amount: groszeToDecimal(obligation.amountGrosze),
    dueDate: obligation.dueDate,
    issueDate: obligation.issueDate,
    paymentStatus: obligation.paymentStatus,
    description: obligation.description,
    createdAt: obligation.createdAt,
    transfer: transferFor(obligation, paymentAccount),
  });

  return {
    /** POST /api/financial-obligations by an employee or admin. */
    async create(caller: Caller, input: CreateObligation, language: Language = 'en'): Promise<ObligationResponse> {
      const owner = await users.findUser(input.interestId);
      if (!owner) throw badRequest(obligationApiMessages.unknownUser, { interestId: obligationApiMessages.unknownUser });
      if (owner.role !== 'USER') throw badRequest(obligationApiMessages.notCitizen, { interestId: obligationApiMessages.notCitizen });
      const created = await events.transaction(async (trx) => {
        const obligation = await obligations.insert(
          {
            interestId: input.interestId,
            amountGrosze: amountToGrosze(input.amount),
            dueDate: input.dueDate,
            issueDate: input.issueDate,
            paymentStatus: input.paymentStatus,
            description: input.description,
            createdBy: caller.id,
          },
          trx,
        );
        await events.emit(trx, {
          type: 'obligation-created',
          at: obligation.createdAt,
          actorId: caller.id,
          actorLanguage: language,
          obligationId: obligation.id,
          ownerId: obligation.interestId,
          amount: groszeToDecimal(obligation.amountGrosze),
          dueDate: obligation.dueDate,
          issueDate: obligation.issueDate,
          paymentStatus: obligation.paymentStatus,
          description: obligation.description,
          transfer: transferHint(obligation, paymentAccount),
        });
        return obligation;
      });
      return toResponse(created);
    },

    /** A citizen's obligations for "My matters" (issue 32), without transfer details: one indexed query. */
    async listMatterFacts(userId: number): Promise<ObligationMatterFacts[]> {
      return (await obligations.listByInterest(userId)).map((o) => ({
        id: o.id,
        description: o.description,
        amount: groszeToDecimal(o.amountGrosze),
        paymentStatus: o.paymentStatus,
        dueDate: o.dueDate,
        createdAt: o.createdAt,
      }));
    },

    /** GET /api/financial-obligations/by-interest-id/{userId}; 404 for a user that does not exist. */
    async listFor(userId: number): Promise<ObligationResponse[]> {
      const list = await obligations.listByInterest(userId);
      // Only an empty answer needs the extra look-up: someone's obligations prove they exist.
      if (list.length === 0 && !(await users.findUser(userId))) throw notFound(obligationApiMessages.unknownUser);
      return list.map(toResponse);
    },
  };
}

/** "1234.50" (the contract's exact text) -> 123450; every allowed amount is a safe integer of grosze. */
const amountToGrosze = (amount: string): number => Number(decimalToGrosze(amount));

export type ObligationsService = ReturnType<typeof createObligationsService>;
