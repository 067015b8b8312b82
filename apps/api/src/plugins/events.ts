import type { PortalEvent } from '@portal/contract';
import type { Db } from '../db/database.js';

/*
 * One event per state change (issue 31). A service makes its change and calls `emit(trx, event)`
 * once, inside the change's transaction, opened with `events.transaction(...)`. What must commit
 * with the change (an audit row, a receipt, an outbox row, a portal entry) is written by the
 * in-transaction subscribers, at once, in that transaction: a failing subscriber rolls the change
 * back. What must not happen before the change is visible (the live push) is done by the
 * after-commit subscribers, only once the commit returned; a rolled-back change reaches none.
 */

/**
 * Where an in-transaction subscriber runs among the others (the audit subscriber is `last`; its
 * rows are written unchained and linked into the chain after the commit, so no change's
 * transaction holds the chain's lock, modules/audit/chainer.ts).
 */
export type SubscriberStage = 'first' | 'middle' | 'last';
const STAGES: readonly SubscriberStage[] = ['first', 'middle', 'last'];

export type InTransactionHandler = (trx: Db, event: PortalEvent) => Promise<void>;
/** Told once the transaction ended: true when it committed, false when it rolled back. */
export type CommitSettled = (committed: boolean) => void;
/** A transaction's last write (see `atCommit`); what it answers is told how the transaction ended. */
export type CommitStep = (trx: Db) => Promise<CommitSettled | void>;
export type AfterCommitHandler = (event: PortalEvent) => void | Promise<void>;

interface InTransactionSubscriber {
  name: string;
  stage: SubscriberStage;
  handle: InTransactionHandler;
}

interface AfterCommitSubscriber {
  name: string;
  handle: AfterCommitHandler;
}

/** Where an after-commit subscriber's failure is told (the server's logger). */
export interface EventsLog {
  error(details: object, message: string): void;
}

export class PortalEvents {
  private inTransaction: InTransactionSubscriber[] = [];
  private afterCommit: AfterCommitSubscriber[] = [];
  /** The events emitted in each open transaction, for its after-commit subscribers. */
  private readonly pending = new WeakMap<Db, PortalEvent[]>();
  /** The steps each open transaction runs after its work and subscribers, just before its commit. */
  private readonly commitSteps = new WeakMap<Db, CommitStep[]>();

  constructor(
    private readonly db: Db,
    private readonly log: EventsLog,
  ) {}

  /** Hears every event inside its change's transaction; an error rolls the change back. */
  subscribeInTransaction(name: string, handle: InTransactionHandler, stage: SubscriberStage = 'middle'): void {
    this.inTransaction = [...this.inTransaction, { name, stage, handle }].sort((a, b) => STAGES.indexOf(a.stage) - STAGES.indexOf(b.stage));
  }

  /** Hears every committed event, after the commit; its errors are logged, the change stands. */
  subscribeAfterCommit(name: string, handle: AfterCommitHandler): void {
    this.afterCommit = [...this.afterCommit, { name, handle }];
  }

  /**
   * Runs `work` in one transaction whose events reach the after-commit subscribers once it
   * committed (and never, should it roll back). Answers what `work` answers.
   */
  async transaction<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    const emitted: PortalEvent[] = [];
    const settled: CommitSettled[] = [];
    let result: T;
    try {
      result = await this.db.transaction().execute(async (trx) => {
        const steps: CommitStep[] = [];
        this.pending.set(trx, emitted);
        this.commitSteps.set(trx, steps);
        const answer = await work(trx);
        // Read as it grows: a step may add another after itself.
        for (let n = 0; n < steps.length; n += 1) {
          const told = await steps[n]!(trx);
          if (told) settled.push(told);
        }
        this.commitSteps.delete(trx);
        return answer;
      });
    } catch (error) {
      for (const told of settled) told(false);
      throw error;
    }
    for (const told of settled) told(true);
    for (const event of emitted) this.committed(event);
    return result;
  }

  /**
   * Runs `step` in `trx` once its work and every in-transaction subscriber are done, right before
   * the commit; what it answers is told whether the transaction committed (the audit chainer's
   * kick). False when `trx` was not opened by `transaction`.
   */
  atCommit(trx: Db, step: CommitStep): boolean {
    const steps = this.commitSteps.get(trx);
    if (!steps) return false;
    steps.push(step);
    return true;
  }

  /** The change's one event: every in-transaction subscriber now, in `trx`; the others after its commit. */
  async emit(trx: Db, event: PortalEvent): Promise<void> {
    const emitted = this.pending.get(trx);
    if (!emitted) throw new Error(`emit(${event.type}) needs a transaction opened by events.transaction`);
    for (const subscriber of this.inTransaction) await subscriber.handle(trx, event);
    emitted.push(event);
  }

  private committed(event: PortalEvent): void {
    for (const { name, handle } of this.afterCommit) {
      // One subscriber's trouble is neither the change's nor the next subscriber's.
      try {
        void Promise.resolve(handle(event)).catch((error: unknown) => this.log.error({ err: error, subscriber: name, event: event.type }, 'after-commit subscriber failed'));
      } catch (error) {
        this.log.error({ err: error, subscriber: name, event: event.type }, 'after-commit subscriber failed');
      }
    }
  }
}
