import type { Readable } from 'node:stream';
import { ZipArchive } from 'archiver';
import { type ClosureRequestSummary, type ClosureStatusResponse, type Language, myDataApiMessages, recipientLanguage } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { conflict, notFound } from '../../plugins/api-error.js';
import type { AuthUser } from '../../plugins/auth/index.js';
import type { PortalEvents } from '../../plugins/events.js';
import type { PersonalData } from '../../plugins/personal-data.js';
import type { UsersPort } from '../../ports/users.js';
import { exportReadme } from './readme.js';
import type { MyDataRepository } from './repository.js';

export interface MyDataServiceDeps {
  db: Db;
  repository: MyDataRepository;
  /** Every module's export section and erasure step (registered by the modules that own the tables). */
  personalData: PersonalData;
  users: UsersPort;
  events: Pick<PortalEvents, 'transaction' | 'emit'>;
  now?: () => Date;
}

/** The pseudonym a closed account goes by: short enough for a username, tied to nothing but the row. */
export const pseudonymOf = (userId: number) => `closed-${userId}`;

export function createMyDataService({ db, repository, personalData, users, events, now = () => new Date() }: MyDataServiceDeps) {
  return {
    /**
     * The person's data as one ZIP, streamed: every module's section in its place. The JSON parts
     * are read first (a person's own records); files (the PDFs) are streams read as the ZIP is sent.
     */
    async exportZip(user: AuthUser, requestLanguage: Language): Promise<{ stream: Readable; fileName: string }> {
      const subject = await personalData.subject(user.id, db);
      if (!subject) throw notFound();
      const language: Language = subject.language ?? requestLanguage;
      const sections = personalData.sections();
      const parts = [];
      for (const section of sections) parts.push(...(await section.read(user.id)));
      const at = now().toISOString();

      const zip = new ZipArchive({ zlib: { level: 6 } });
      const contents = sections.map((section) => section.readme[language]);
      zip.append(exportReadme(language, at, subject.username, contents), { name: language === 'pl' ? 'CZYTAJ-TO.txt' : 'README.txt' });
      for (const part of parts) {
        // Files (PDFs) are compressed already: stored as they are.
        if ('text' in part) zip.append(part.text, { name: part.name });
        else zip.append(part.stream(), { name: part.name, store: true });
      }
      void zip.finalize();
      return { stream: zip, fileName: `my-data-${at.slice(0, 10)}.zip` };
    },

    async closureStatus(user: AuthUser): Promise<ClosureStatusResponse> {
      const row = await repository.closure(user.id);
      if (!row) return { status: 'NONE', requestedAt: null, refusedAt: null, refusalReason: null };
      const status = row.closed_at !== null ? 'CLOSED' : row.refused_at !== null ? 'REFUSED' : 'REQUESTED';
      return { status, requestedAt: row.requested_at, refusedAt: row.refused_at, refusalReason: row.refusal_reason };
    },

    /** The citizen asks (again, after a refusal); nothing changes until an admin approves. */
    async requestClosure(user: AuthUser, language: Language): Promise<ClosureStatusResponse> {
      if (user.role !== 'USER') throw conflict(myDataApiMessages.onlyCitizens);
      const at = now().toISOString();
      await events.transaction(async (trx) => {
        if (!(await repository.requestClosure(user.id, at, trx))) throw conflict(myDataApiMessages.alreadyRequested);
        await events.emit(trx, { type: 'account-closure-requested', at, actorId: user.id, actorLanguage: language, userId: user.id });
      });
      return { status: 'REQUESTED', requestedAt: at, refusedAt: null, refusalReason: null };
    },

    /** The citizen withdraws their pending request: the account stays as it is. */
    async withdrawClosure(user: AuthUser, language: Language): Promise<ClosureStatusResponse> {
      const at = now().toISOString();
      await events.transaction(async (trx) => {
        if (!(await repository.withdrawClosure(user.id, trx))) throw conflict(myDataApiMessages.noRequest);
        await events.emit(trx, { type: 'account-closure-withdrawn', at, actorId: user.id, actorLanguage: language, userId: user.id });
      });
      return { status: 'NONE', requestedAt: null, refusedAt: null, refusalReason: null };
    },

    async pendingClosures(): Promise<ClosureRequestSummary[]> {
      const pending = await repository.pendingClosures();
      const names = await users.namesOf(pending.map((row) => Number(row.user_id)));
      return pending.flatMap((row) => {
        const name = names.get(Number(row.user_id));
        return name ? [{ userId: Number(row.user_id), username: name.username, fullName: `${name.firstName} ${name.lastName}`, requestedAt: row.requested_at }] : [];
      });
    },

    /** An admin refuses a pending request with a reason the citizen reads (portal and email). */
    async refuseClosure(caller: AuthUser, userId: number, reason: string, language: Language): Promise<ClosureStatusResponse> {
      const at = now().toISOString();
      const requestedAt = await events.transaction(async (trx) => {
        const row = await repository.closure(userId, trx);
        if (!row || !(await repository.refuseClosure(userId, { by: caller.id, at, reason }, trx))) throw conflict(myDataApiMessages.noRequest);
        await events.emit(trx, { type: 'account-closure-refused', at, actorId: caller.id, actorLanguage: language, userId, reason });
        return row.requested_at;
      });
      return { status: 'REFUSED', requestedAt, refusedAt: at, refusalReason: reason };
    },

    /**
     * An admin approves: in ONE transaction every module's erasure step runs (the account is
     * pseudonymised, its sessions end and their browsers and addresses go, its notifications and
     * login counters go), then the one `account-closed` event: the audit trail records the closure
     * by id and pseudonym only, the farewell email is queued to the address read before the
     * erasure, and (after the commit) the account's open sockets close. Obligations, cases,
     * letters, documents and the audit rows stay, still tied to the same account id, which now
     * carries the pseudonym.
     */
    async approveClosure(caller: AuthUser, userId: number, language: Language): Promise<{ userId: number; pseudonym: string }> {
      const pseudonym = pseudonymOf(userId);
      const at = now().toISOString();
      // Read before the transaction (SQLite has one connection): the erasure empties it.
      const contact = (await users.findContacts([userId])).get(userId);
      await events.transaction(async (trx) => {
        if (!(await repository.markClosed(userId, caller.id, at, trx))) throw conflict(myDataApiMessages.noRequest);
        const account = await personalData.subject(userId, trx);
        if (account) await personalData.erase({ id: userId, username: account.username, pseudonym }, trx);
        const farewell = { email: contact?.email ?? '', firstName: contact?.firstName ?? '', language: recipientLanguage(account?.language) };
        await events.emit(trx, { type: 'account-closed', at, actorId: caller.id, actorLanguage: language, userId, pseudonym, farewell });
      });
      return { userId, pseudonym };
    },
  };
}

export type MyDataService = ReturnType<typeof createMyDataService>;
