import type { PaymentStatus } from '@portal/contract';
import type { SeedStep } from '../../db/seed.js';
import type { UsersPort } from '../../ports/users.js';
import type { ObligationsRepository } from './repository.js';

interface DemoObligation {
  /** 0: last year, 1: this year, so the demo reads the same whenever it is started. */
  year: 0 | 1;
  month: number;
  day: number;
  grosze: number;
  status: PaymentStatus;
  description: string;
}

/** Two years of a citizen's payments to the city, in several months and every status. */
const DEMO_OBLIGATIONS: readonly DemoObligation[] = [
  { year: 0, month: 3, day: 15, grosze: 41_200, status: 'PAID', description: 'Property tax, 1st instalment' },
  { year: 0, month: 5, day: 31, grosze: 9_600, status: 'PAID', description: 'Waste collection fee, Q2' },
  { year: 0, month: 9, day: 15, grosze: 41_200, status: 'OVERDUE', description: 'Property tax, 3rd instalment' },
  { year: 0, month: 11, day: 30, grosze: 12_000, status: 'PAID', description: 'Dog tax' },
  { year: 1, month: 1, day: 31, grosze: 9_600, status: 'PAID', description: 'Waste collection fee, Q1' },
  { year: 1, month: 3, day: 15, grosze: 43_050, status: 'PENDING', description: 'Property tax, 1st instalment' },
  { year: 1, month: 6, day: 30, grosze: 123_456, status: 'PENDING', description: 'Residential parking permit' },
  { year: 1, month: 9, day: 15, grosze: 43_050, status: 'PENDING', description: 'Property tax, 3rd instalment' },
  // Due on the year's last day: still to come (or today) whenever the demo is started, so the list has a next payment.
  { year: 1, month: 12, day: 31, grosze: 9_600, status: 'PENDING', description: 'Waste collection fee, Q4' },
  // Last year's: an OVERDUE obligation is past its due date whenever the demo is started (issue 35).
  { year: 0, month: 12, day: 10, grosze: 7_525, status: 'OVERDUE', description: 'Market stall fee' },
];

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Obligations of the demo citizens, issued by the demo employee, so the list, the chart (two years,
 * several months) and the transfer panel have something to show after `npm start`. Runs once:
 * skipped when the first demo citizen has obligations. Demo data, not a staff action: not audited.
 */
export function demoObligationsStep(obligations: ObligationsRepository, users: UsersPort): SeedStep {
  return {
    name: 'demo obligations',
    enabled: (config) => config.seedDemo,
    async run({ db, log }) {
      const [anna, piotr, jan] = await Promise.all(['anowak', 'pzielinski', 'jkowalski'].map((username) => users.findUserByUsername(username)));
      if (!anna || !piotr || !jan) return;
      if ((await obligations.listByInterest(anna.id)).length > 0) return;
      const thisYear = new Date().getFullYear();
      await db.transaction().execute(async (trx) => {
        for (const [citizen, share] of [
          [anna.id, 1],
          [piotr.id, 1.5],
        ] as const) {
          for (const demo of DEMO_OBLIGATIONS) {
            const year = thisYear - 1 + demo.year;
            const dueDate = `${year}-${pad(demo.month)}-${pad(demo.day)}`;
            await obligations.insert(
              {
                interestId: citizen,
                amountGrosze: Math.round(demo.grosze * share),
                dueDate,
                issueDate: `${year}-${pad(demo.month)}-01`,
                paymentStatus: demo.status,
                description: demo.description,
                createdBy: jan.id,
              },
              trx,
            );
          }
        }
      });
      log.info({}, 'demo obligations created');
    },
  };
}
