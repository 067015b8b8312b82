import { createHash, randomUUID } from 'node:crypto';
import { PDF_CONTENT_TYPE } from '@portal/contract';
import { engineOf } from '../../db/portable.js';
import type { SeedStep } from '../../db/seed.js';
import type { AuditPort } from '../../ports/audit.js';
import type { UsersPort } from '../../ports/users.js';
import { demoPdf } from './demo-pdf.js';
import type { DocumentsRepository } from './documents/repository.js';
import { DOCUMENT_CHUNK_BYTES } from './documents/pdf-intake.js';
import type { CasesRepository } from './repository.js';

export interface DemoCasesDeps {
  cases: CasesRepository;
  documents: DocumentsRepository;
  users: UsersPort;
  audit: AuditPort;
}

/**
 * A few cases for the demo citizens: Anna's vehicle registration waiting with a one-page PDF,
 * her identity card case in progress (changed by Jan Kowalski, with its audit row), and Piotr's
 * building permit waiting. Runs once: skipped when Anna has any case. Needs the users module's demo
 * users, whose step runs first.
 */
export function demoCasesStep({ cases, documents, users, audit }: DemoCasesDeps): SeedStep {
  return {
    name: 'demo cases',
    enabled: (config) => config.seedDemo,
    async run({ db, log }) {
      const [anna, piotr, jan] = await Promise.all(['anowak', 'pzielinski', 'jkowalski'].map((username) => users.findUserByUsername(username)));
      if (!anna || !piotr || !jan) return;
      if ((await cases.listCases({ userId: anna.id })).length > 0) return;

      await db.transaction().execute(async (trx) => {
        const vehicleCase = await cases.insertCase(
          { userId: anna.id, caseType: 'VEHICLE_REGISTRATION', comments: 'Used car bought in Kraków; registering it in my name.' },
          trx,
        );
        await cases.insertVehicle(
          vehicleCase,
          {
            vehicleNumberPlate: 'KR 12345',
            vehicleMake: 'Skoda',
            vehicleModel: 'Octavia',
            vehicleYear: 2019,
            registrationDate: '2024-05-02',
            vehicleColor: 'Blue',
            vehicleVin: 'TMBJJ7NE8K0123456',
            vehicleType: 'SEDAN',
          },
          trx,
        );
        const pdf = demoPdf('Umowa kupna-sprzedazy pojazdu', [
          'Sprzedajacy: Jan Przykladowy',
          'Kupujacy: Anna Nowak',
          'Pojazd: Skoda Octavia, VIN TMBJJ7NE8K0123456',
          'Cena: 42 000 PLN',
        ]);
        const documentId = await documents.insertDocument(
          { uuid: randomUUID(), caseId: vehicleCase, uploadedBy: anna.id, name: 'Umowa kupna-sprzedaży.pdf', contentType: PDF_CONTENT_TYPE },
          trx,
        );
        for (let seq = 0; seq * DOCUMENT_CHUNK_BYTES < pdf.length; seq += 1) {
          await documents.insertChunk(documentId, seq, pdf.subarray(seq * DOCUMENT_CHUNK_BYTES, (seq + 1) * DOCUMENT_CHUNK_BYTES), trx);
        }
        await documents.markComplete(documentId, pdf.length, createHash('sha256').update(pdf).digest('hex'), trx);

        const identityCase = await cases.insertCase(
          { userId: anna.id, caseType: 'IDENTITY_CARD', comments: 'My identity card expires next month.' },
          trx,
        );
        const change = await cases.changeStatus(identityCase, 'IN_PROGRESS', jan.id, null, trx, engineOf(db) === 'postgres');
        if (change?.changed) {
          await audit.record(trx, {
            actorId: jan.id,
            action: 'case.status.update',
            entityType: 'case',
            entityId: identityCase,
            before: { status: change.before, handlerId: change.handler.before },
            after: { status: change.after, handlerId: change.handler.after },
          });
        }

        await cases.insertCase({ userId: piotr.id, caseType: 'BUILDING_PERMIT', comments: null }, trx);
      });
      log.info({}, 'demo cases created');
    },
  };
}
