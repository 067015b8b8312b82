import { Readable } from 'node:stream';
import { ZipArchive } from 'archiver';
import { groszeToDecimal, type Language, myDataApiMessages, type ClosureRequestSummary, type ClosureStatusResponse } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { conflict, notFound } from '../../plugins/api-error.js';
import type { AuthUser } from '../../plugins/auth/index.js';
import type { AuditService } from '../audit/index.js';
import type { SessionsService } from '../sessions/index.js';
import type { UsersService } from '../users/index.js';
import { exportReadme } from './readme.js';
import type { MyDataRepository } from './repository.js';

export interface MyDataServiceDeps {
  db: Db;
  repository: MyDataRepository;
  users: UsersService;
  sessions: SessionsService;
  audit: AuditService;
  now?: () => Date;
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
/** A name safe in every unzip tool: no folders, no control or reserved characters. */
const safeFileName = (name: string) =>
  Array.from(name, (char) => (char.charCodeAt(0) < 0x20 || char === '\u007f' || '/\\:*?"<>|'.includes(char) ? '_' : char))
    .join('')
    .slice(0, 150) || 'document.pdf';

/** The pseudonym a closed account goes by: short enough for a username, tied to nothing but the row. */
export const pseudonymOf = (userId: number) => `closed-${userId}`;

export function createMyDataService({ db, repository, users, sessions, audit, now = () => new Date() }: MyDataServiceDeps) {
  /** One document's bytes, a stored chunk at a time (never the whole file in memory). */
  async function* chunksOf(documentId: number): AsyncGenerator<Buffer> {
    for (let seq = 0; ; seq += 1) {
      const chunk = await repository.chunk(documentId, seq);
      if (!chunk) return;
      yield chunk;
    }
  }

  return {
    /**
     * The person's data as one ZIP, streamed: the JSON parts are read first (a person's own
     * records), the PDFs are appended as streams read chunk by chunk as the ZIP is sent.
     */
    async exportZip(user: AuthUser, requestLanguage: Language): Promise<{ stream: Readable; fileName: string }> {
      const account = await repository.account(user.id);
      if (!account) throw notFound();
      const language: Language = account.language ?? requestLanguage;
      const letters = await repository.letters(user.id);
      const conversationIds = letters.flatMap((letter) => (letter.conversation_id === null ? [] : [Number(letter.conversation_id)]));
      const messages = await repository.messages(conversationIds);
      const obligations = await repository.obligations(user.id);
      const cases = await repository.cases(user.id);
      const caseIds = cases.map((row) => Number(row.id));
      const history = await repository.statusHistory(caseIds);
      const documents = (await repository.documents(caseIds)).map((document) => ({
        ...document,
        path: `documents/case-${document.case_id}/${document.uuid}-${safeFileName(document.name)}`,
      }));
      const sessionList = await sessions.listOf(user.id);
      const at = now().toISOString();

      const zip = new ZipArchive({ zlib: { level: 6 } });
      zip.append(exportReadme(language, at, account.username), { name: language === 'pl' ? 'CZYTAJ-TO.txt' : 'README.txt' });
      zip.append(
        json({
          id: account.id,
          username: account.username,
          email: account.email,
          firstName: account.first_name,
          lastName: account.last_name,
          role: account.role,
          phoneNumber: account.phone_number,
          dateOfBirth: account.date_of_birth,
          createdAt: account.created_at,
          language: account.language,
        }),
        { name: 'account.json' },
      );
      zip.append(
        json(
          letters.map((letter) => ({
            id: letter.id,
            recipient: letter.recipient,
            subject: letter.subject,
            content: letter.content,
            sentAt: letter.sent_at,
            status: letter.status,
            resolvedDate: letter.resolved_date,
            messages: messages
              .filter((message) => Number(message.conversation_id) === Number(letter.conversation_id))
              .map((message) => ({
                id: message.id,
                from: message.sender_id === user.id ? 'you' : 'office',
                content: message.content,
                sentAt: message.sent_at,
              })),
          })),
        ),
        { name: 'letters.json' },
      );
      zip.append(
        json(
          obligations.map((row) => ({
            id: row.id,
            amount: groszeToDecimal(BigInt(row.amount_grosze)),
            dueDate: row.due_date,
            issueDate: row.issue_date,
            paymentStatus: row.payment_status,
            description: row.description,
          })),
        ),
        { name: 'obligations.json' },
      );
      zip.append(
        json(
          cases.map((row) => ({
            id: row.id,
            caseType: row.case_type,
            status: row.status,
            comments: row.comments,
            submissionDate: row.submission_date,
            statusChangedAt: row.status_changed_at,
            vehicle:
              row.vin === null
                ? null
                : {
                    numberPlate: row.number_plate,
                    make: row.make,
                    model: row.model,
                    year: row.vehicle_year,
                    registrationDate: row.registration_date,
                    color: row.color,
                    vin: row.vin,
                    vehicleType: row.vehicle_type,
                  },
            statusHistory: history.filter((entry) => Number(entry.case_id) === Number(row.id)).map((entry) => ({ status: entry.status, changedAt: entry.changed_at })),
            documents: documents
              .filter((document) => Number(document.case_id) === Number(row.id))
              .map((document) => ({ name: document.name, size: Number(document.size), sha256: document.sha256, uploadedAt: document.created_at, file: document.path })),
          })),
        ),
        { name: 'cases.json' },
      );
      zip.append(json(sessionList), { name: 'sessions.json' });
      for (const document of documents) {
        // PDFs are compressed already: stored as they are.
        zip.append(Readable.from(chunksOf(Number(document.id))), { name: document.path, store: true });
      }
      void zip.finalize();
      return { stream: zip, fileName: `my-data-${at.slice(0, 10)}.zip` };
    },

    async closureStatus(user: AuthUser): Promise<ClosureStatusResponse> {
      const row = await repository.closure(user.id);
      if (!row) return { status: 'NONE', requestedAt: null };
      return { status: row.closed_at === null ? 'REQUESTED' : 'CLOSED', requestedAt: row.requested_at };
    },

    /** The citizen asks; nothing changes until an admin approves. Audited (no personal field). */
    async requestClosure(user: AuthUser): Promise<ClosureStatusResponse> {
      if (user.role !== 'USER') throw conflict(myDataApiMessages.onlyCitizens);
      const at = now().toISOString();
      await db.transaction().execute(async (trx) => {
        if (!(await repository.requestClosure(user.id, at, trx))) throw conflict(myDataApiMessages.alreadyRequested);
        await audit.record(trx, {
          actorId: user.id,
          action: 'account.close-request',
          entityType: 'user',
          entityId: user.id,
          before: null,
          after: { status: 'REQUESTED' },
        });
      });
      return { status: 'REQUESTED', requestedAt: at };
    },

    async pendingClosures(): Promise<ClosureRequestSummary[]> {
      return (await repository.pendingClosures()).map((row) => ({
        userId: Number(row.user_id),
        username: row.username,
        fullName: `${row.first_name} ${row.last_name}`,
        requestedAt: row.requested_at,
      }));
    },

    /**
     * An admin approves: in ONE transaction the account is pseudonymised (users module), its
     * sessions end and their browsers and addresses go, its notifications go, and the audit trail
     * records the closure by id and pseudonym only. Obligations, cases, letters, documents and the
     * audit rows stay, still tied to the same account id, which now carries the pseudonym.
     */
    async approveClosure(caller: AuthUser, userId: number): Promise<{ userId: number; pseudonym: string }> {
      const pseudonym = pseudonymOf(userId);
      const at = now().toISOString();
      await db.transaction().execute(async (trx) => {
        if (!(await repository.markClosed(userId, caller.id, at, trx))) throw conflict(myDataApiMessages.noRequest);
        const account = await repository.account(userId, trx);
        if (account) await repository.forgetLoginCounters(account.username, trx);
        await users.pseudonymise(userId, pseudonym, trx);
        await sessions.forget(userId, trx);
        await repository.forgetNotifications(userId, trx);
        await audit.record(trx, {
          actorId: caller.id,
          action: 'account.close',
          entityType: 'user',
          entityId: userId,
          before: { status: 'REQUESTED' },
          after: { status: 'CLOSED', pseudonym },
        });
      });
      return { userId, pseudonym };
    },
  };
}

export type MyDataService = ReturnType<typeof createMyDataService>;
