import { Readable } from 'node:stream';
import { caseReference } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { jsonPart, type PersonalData } from '../../plugins/personal-data.js';
import type { DocumentsRepository } from './documents/repository.js';

/** A name safe in every unzip tool: no folders, no control or reserved characters. */
const safeFileName = (name: string) =>
  Array.from(name, (char) => (char.charCodeAt(0) < 0x20 || char === '\u007f' || '/\\:*?"<>|'.includes(char) ? '_' : char))
    .join('')
    .slice(0, 150) || 'document.pdf';

const casesOf = (db: Db, userId: number) =>
  db
    .selectFrom('case_resolutions')
    .leftJoin('vehicle_registrations', 'vehicle_registrations.case_id', 'case_resolutions.id')
    .select([
      'case_resolutions.id',
      'case_resolutions.case_type',
      'case_resolutions.status',
      'case_resolutions.comments',
      'case_resolutions.submission_date',
      'case_resolutions.status_changed_at',
      'vehicle_registrations.number_plate',
      'vehicle_registrations.make',
      'vehicle_registrations.model',
      'vehicle_registrations.vehicle_year',
      'vehicle_registrations.registration_date',
      'vehicle_registrations.color',
      'vehicle_registrations.vin',
      'vehicle_registrations.vehicle_type',
    ])
    .where('case_resolutions.user_id', '=', userId)
    .orderBy('case_resolutions.id')
    .execute();

const historyOf = (db: Db, caseIds: readonly number[]) =>
  caseIds.length === 0
    ? Promise.resolve([])
    : db.selectFrom('case_status_history').select(['case_id', 'status', 'changed_at']).where('case_id', 'in', caseIds).orderBy('id').execute();

/** The complete documents of the person's cases (an upload still arriving is not the person's yet), each with its path in the ZIP. */
async function documentsOf(db: Db, userId: number) {
  const rows = await db
    .selectFrom('documents')
    .innerJoin('case_resolutions', 'case_resolutions.id', 'documents.case_id')
    .select(['documents.id', 'documents.uuid', 'documents.case_id', 'documents.name', 'documents.size', 'documents.sha256', 'documents.created_at'])
    .where('case_resolutions.user_id', '=', userId)
    .where('documents.complete', '=', 1)
    .orderBy('documents.id')
    .execute();
  return rows.map((document) => ({ ...document, path: `documents/case-${document.case_id}/${document.uuid}-${safeFileName(document.name)}` }));
}

/** The cases module's part of the own-data export: cases.json, and the PDFs under documents/. */
export function registerCasesPersonalData(personalData: PersonalData, db: Db, documents: DocumentsRepository): void {
  /** One document's bytes, a stored chunk at a time (never the whole file in memory). */
  async function* chunksOf(documentId: number): AsyncGenerator<Buffer> {
    for (let seq = 0; ; seq += 1) {
      const chunk = await documents.readChunk(documentId, seq);
      if (!chunk) return;
      yield chunk;
    }
  }

  personalData.section({
    place: 40,
    readme: {
      en: '- cases.json: cases, vehicle details, status history and the list of documents;',
      pl: '- cases.json: sprawy, dane pojazdów, historia statusów i lista dokumentów;',
    },
    tables: ['case_resolutions', 'vehicle_registrations', 'case_status_history', 'documents'],
    async read(userId) {
      const cases = await casesOf(db, userId);
      const history = await historyOf(
        db,
        cases.map((row) => Number(row.id)),
      );
      const files = await documentsOf(db, userId);
      return [
        jsonPart(
          'cases.json',
          cases.map((row) => ({
            id: row.id,
            reference: caseReference(Number(row.id)),
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
            documents: files
              .filter((document) => Number(document.case_id) === Number(row.id))
              .map((document) => ({ name: document.name, size: Number(document.size), sha256: document.sha256, uploadedAt: document.created_at, file: document.path })),
          })),
        ),
      ];
    },
  });

  // After sessions.json, as the JSON parts are all read before the first PDF is streamed.
  personalData.section({
    place: 60,
    readme: {
      en: '- documents/: the PDF documents of your cases, byte for byte as uploaded (SHA-256 in cases.json).',
      pl: '- documents/: dokumenty PDF Twoich spraw, bajt w bajt takie, jak je przesłano (suma SHA-256 w cases.json).',
    },
    tables: ['documents', 'document_chunks'],
    async read(userId) {
      return (await documentsOf(db, userId)).map((document) => ({ name: document.path, stream: () => Readable.from(chunksOf(Number(document.id))) }));
    },
  });
}
