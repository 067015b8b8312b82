import {
  type CreateObligation,
  decimalToGrosze,
  groszeToDecimal,
  obligationApiMessages,
  type ObligationResponse,
  obligationTransferTitle,
  paymentCode,
  type TransferDetails,
} from '@portal/contract';
import type { PaymentAccountConfig } from '../../config.js';
import type { Db } from '../../db/database.js';
import { badRequest, notFound } from '../../plugins/api-error.js';
import type { AuditService } from '../audit/index.js';
import type { NotificationsService } from '../notifications/index.js';
import { transferHint } from './reminders.js';
import type { UsersService } from '../users/index.js';
import type { Obligation, ObligationsRepository } from './repository.js';

export interface ObligationsServiceDeps {
  db: Db;
  obligations: ObligationsRepository;
  /** An obligation's owner must exist and be a citizen. */
  users: Pick<UsersService, 'findUser'>;
  /** Every creation is recorded in the audit trail, in the transaction that writes it. */
  audit: Pick<AuditService, 'record'>;
  /** The city's account; null shows no transfer details. */
  paymentAccount: PaymentAccountConfig | null;
  /** The citizen's email about a new obligation, queued in its transaction. */
  notifications: Pick<NotificationsService, 'enqueue'>;
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
export function createObligationsService({ db, obligations, users, audit, paymentAccount, notifications }: ObligationsServiceDeps) {
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
    async create(caller: Caller, input: CreateObligation): Promise<ObligationResponse> {
      const owner = await users.findUser(input.interestId);
      if (!owner) throw badRequest(obligationApiMessages.unknownUser, { interestId: obligationApiMessages.unknownUser });
      if (owner.role !== 'USER') throw badRequest(obligationApiMessages.notCitizen, { interestId: obligationApiMessages.notCitizen });
      const created = await db.transaction().execute(async (trx) => {
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
        await notifications.enqueue(trx, obligation.interestId, {
          kind: 'obligation-created',
          obligationId: obligation.id,
          amount: groszeToDecimal(obligation.amountGrosze),
          dueDate: obligation.dueDate,
          transfer: transferHint(obligation, paymentAccount),
        });
        await audit.record(trx, {
          actorId: caller.id,
          action: 'obligation.create',
          entityType: 'obligation',
          entityId: obligation.id,
          before: null,
          after: {
            interestId: obligation.interestId,
            amount: groszeToDecimal(obligation.amountGrosze),
            dueDate: obligation.dueDate,
            issueDate: obligation.issueDate,
            paymentStatus: obligation.paymentStatus,
            description: obligation.description,
          },
        });
        return obligation;
      });
      return toResponse(created);
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
