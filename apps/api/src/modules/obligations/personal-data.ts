import { groszeToDecimal } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { jsonPart, type PersonalData } from '../../plugins/personal-data.js';

/** The obligations module's part of the own-data export: obligations.json. */
export function registerObligationsPersonalData(personalData: PersonalData, db: Db): void {
  personalData.section({
    place: 30,
    readme: {
      en: '- obligations.json: financial obligations (amounts as decimal text in PLN);',
      pl: '- obligations.json: zobowiązania finansowe (kwoty jako tekst dziesiętny w PLN);',
    },
    tables: ['financial_obligations'],
    async read(userId) {
      const rows = await db
        .selectFrom('financial_obligations')
        .select(['id', 'amount_grosze', 'due_date', 'issue_date', 'payment_status', 'description'])
        .where('interest_id', '=', userId)
        .orderBy('id')
        .execute();
      return [
        jsonPart(
          'obligations.json',
          rows.map((row) => ({
            id: row.id,
            amount: groszeToDecimal(BigInt(row.amount_grosze)),
            dueDate: row.due_date,
            issueDate: row.issue_date,
            paymentStatus: row.payment_status,
            description: row.description,
          })),
        ),
      ];
    },
  });
}
