import { randomUUID } from 'node:crypto';
import {
  caseApiMessages as m,
  type CaseType,
  CASE_DOCUMENTS_MAX,
  type Language,
  DOCUMENT_NAME_MAX,
  type DocumentSummary,
  PDF_CONTENT_TYPE,
  PDF_DATA_URL_PREFIX,
} from '@portal/contract';
import type { QuotasPort } from '../../../ports/quotas.js';
import type { Db } from '../../../db/database.js';
import type { Engine } from '../../../db/portable.js';
import { conflict, notFound } from '../../../plugins/api-error.js';
import type { AuthUser } from '../../../plugins/auth/index.js';
import type { PortalEvents } from '../../../plugins/events.js';
import type { DocumentsRepository, StoredDocument } from './repository.js';
import { DOCUMENT_CHUNK_BYTES, takeInPdf } from './pdf-intake.js';

export interface DocumentsServiceDeps {
  db: Db;
  engine: Engine;
  documents: DocumentsRepository;
  /** The owner of a case, or undefined when there is no such case. */
  findCaseOwner: (caseId: number) => Promise<number | undefined>;
  maxBytes: number;
  quotas: Pick<QuotasPort, 'assertDocumentRoom' | 'reserveUpload'>;
  chunkBytes?: number;
  log?: { warn(obj: object, msg: string): void };
  /** A document added is an event (its receipt is a subscriber's), emitted in the transaction that completes it. */
  events: Pick<PortalEvents, 'transaction' | 'emit'>;
  /** The case's type and key field, which name it on every channel. */
  findCaseNaming: (caseId: number) => Promise<{ caseType: CaseType; vehicleNumberPlate: string | null } | undefined>;
}

/** An upload as the HTTP edge hands it over: the name the client gave and the bytes as they arrive. */
export interface IncomingFile {
  filename: string | undefined;
  stream: AsyncIterable<Buffer>;
}

/** Incomplete uploads older than this were left by a process that stopped; younger ones may still be arriving. */
export const ABANDONED_UPLOAD_AGE_MS = 60 * 60 * 1000;

// Control characters, and the bidirectional overrides that make 'cod.exe' look like 'exe.doc'.
// eslint-disable-next-line no-control-regex
const UNSAFE_NAME_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The name a document is stored and offered under: the last path segment of what the client
 * sent, without control or direction-override characters, at most DOCUMENT_NAME_MAX characters,
 * ending in .pdf (its content is a PDF, whatever the name said).
 */
export function documentNameFrom(filename: string | undefined): string {
  const base = (filename ?? '').normalize('NFC').split(/[/\\]/).pop() ?? '';
  let name = base.replace(UNSAFE_NAME_CHARACTERS, '').trim();
  if (!/\.pdf$/i.test(name)) name = `${name || 'document'}.pdf`;
  const characters = [...name];
  if (characters.length > DOCUMENT_NAME_MAX) name = characters.slice(0, DOCUMENT_NAME_MAX - 4).join('') + '.pdf';
  return name;
}

/** Documents of cases: the streamed, checked upload, and reads a chunk at a time. */
export function createDocumentsService({
  engine,
  documents,
  findCaseOwner,
  maxBytes,
  quotas,
  chunkBytes = DOCUMENT_CHUNK_BYTES,
  log,
  events,
  findCaseNaming,
  db,
}: DocumentsServiceDeps) {
  async function open(uuid: string): Promise<StoredDocument> {
    const found = await documents.findComplete(uuid);
    if (!found) throw notFound();
    return found;
  }

  /** The document's bytes, one stored chunk at a time. */
  async function* chunksOf(document: StoredDocument): AsyncGenerator<Buffer> {
    for (let seq = 0; seq < document.chunkCount; seq += 1) {
      const chunk = await documents.readChunk(document.id, seq);
      if (!chunk) throw new Error(`Document ${document.uuid} lacks chunk ${seq}`);
      yield chunk;
    }
  }

  /** Takes in the file as it arrives; a refused, cut off or failed upload leaves nothing behind. */
  async function receive(
    caller: AuthUser,
    caseId: number,
    ownerId: number,
    file: IncomingFile,
    language: Language,
  ): Promise<DocumentSummary> {
    const naming = (await findCaseNaming(caseId)) ?? { caseType: 'OTHER', vehicleNumberPlate: null };
    const uuid = randomUUID();
    const name = documentNameFrom(file.filename);
    let documentId: number | undefined;
    try {
      const result = await takeInPdf(
        file.stream,
        async (seq, data) => {
          documentId ??= await documents.insertDocument({ uuid, caseId, uploadedBy: caller.id, name, contentType: PDF_CONTENT_TYPE });
          await documents.insertChunk(documentId, seq, data);
        },
        { maxBytes, chunkBytes },
      );
      const id = documentId;
      if (id === undefined) throw new Error('an accepted upload always has a chunk');
      // Another upload to the same case may finish at the same moment: the case row is locked
      // (PostgreSQL; SQLite has one writer) so the count and the completion are one step.
      await events.transaction(async (trx) => {
        if (engine === 'postgres') {
          await trx.selectFrom('case_resolutions').select('id').where('id', '=', caseId).forUpdate().execute();
        }
        if ((await documents.countComplete(caseId, trx)) >= CASE_DOCUMENTS_MAX) throw conflict(m.tooManyDocuments);
        await quotas.assertDocumentRoom(trx, caller, ownerId, result.size);
        await documents.markComplete(id, result.size, result.sha256, trx);
        await events.emit(trx, {
          type: 'document-added',
          at: new Date().toISOString(),
          actorId: caller.id,
          actorLanguage: language,
          caseId,
          ownerId,
          ...naming,
          documentUuid: uuid,
          name,
          size: result.size,
          sha256: result.sha256,
        });
      });
      return (await open(uuid)) satisfies DocumentSummary;
    } catch (error) {
      if (documentId !== undefined) {
        await documents.deleteDocument(documentId).catch((cleanupError: unknown) =>
          log?.warn({ err: cleanupError, uuid }, 'refused upload not removed; the abandoned-upload sweep will'),
        );
      }
      throw error;
    }
  }

  return {
    maxBytes,
    open,
    chunksOf,

    /** True when the document belongs to one of the user's cases; unknown documents are a 404. */
    async isOwnDocument(uuid: string, user: AuthUser): Promise<boolean> {
      return (await open(uuid)).ownerId === user.id;
    },

    listUuids: async (caseId: number): Promise<string[]> => (await documents.listForCase(caseId)).map((document) => document.uuid),

    /**
     * Stores an upload as it arrives. Nothing is visible until the last chunk is in and the case
     * still has room; a refused, cut off or failed upload leaves nothing behind.
     */
    async upload(caller: AuthUser, caseId: number, file: IncomingFile, language: Language = 'en'): Promise<DocumentSummary> {
      const ownerId = await findCaseOwner(caseId);
      if (ownerId === undefined) throw notFound();
      if ((await documents.countComplete(caseId)) >= CASE_DOCUMENTS_MAX) throw conflict(m.tooManyDocuments);
      // A citizen already at the storage limit is told before sending the file; the exact check is at completion.
      await quotas.assertDocumentRoom(db, caller, ownerId, 0);
      const release = await quotas.reserveUpload(caller);
      try {
        return await receive(caller, caseId, ownerId, file, language);
      } finally {
        await release().catch((error: unknown) => log?.warn({ err: error }, 'upload slot not given back; it expires with its window'));
      }
    },

    /**
     * GET /api/documents/{uuid} as JSON text, produced a chunk at a time: the data URL's base64
     * never exists whole in memory.
     */
    async *contentJson(document: StoredDocument): AsyncGenerator<string> {
      yield `{"pdfContent":"${PDF_DATA_URL_PREFIX}`;
      let carry: Buffer = Buffer.alloc(0);
      for await (const chunk of chunksOf(document)) {
        const data = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
        const whole = data.length - (data.length % 3);
        yield data.subarray(0, whole).toString('base64');
        carry = data.subarray(whole);
      }
      yield `${carry.toString('base64')}","documentName":${JSON.stringify(document.documentName)}}`;
    },

    /** Removes uploads a stopped process left incomplete. */
    sweepAbandoned: (now: Date = new Date()) =>
      documents.deleteAbandoned(new Date(now.getTime() - ABANDONED_UPLOAD_AGE_MS).toISOString()),
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
