import type { SeedStep } from '../../db/seed.js';
import type { UsersPort } from '../../ports/users.js';
import type { LettersRepository } from './repository.js';

/**
 * A few letters for the demo citizens, one in each state, so every tab of both dashboards has
 * something to show after `npm start`. Runs once: skipped when the first demo citizen has letters.
 * Needs the users module's demo users, whose seed step runs first (module order in server.ts).
 */
export function demoLettersStep(letters: LettersRepository, users: UsersPort): SeedStep {
  return {
    name: 'demo letters',
    enabled: (config) => config.seedDemo,
    async run({ db, log }) {
      const [anna, piotr, jan] = await Promise.all(['anowak', 'pzielinski', 'jkowalski'].map((username) => users.findUserByUsername(username)));
      if (!anna || !piotr || !jan) return;
      if ((await letters.listConversations({ userId: anna.id }, anna.id)).length > 0) return;

      await db.transaction().execute(async (trx) => {
        const sentAt = new Date().toISOString();
        await letters.createLetter(
          {
            userId: piotr.id,
            recipient: 'Parks and Recreation Department',
            subject: 'Broken bench in Jordan Park',
            content: 'The bench next to the playground in Jordan Park has a broken backrest. Could it be repaired?',
            sentAt,
          },
          trx,
        );
        const inProgress = await letters.createLetter(
          {
            userId: anna.id,
            recipient: 'Public Works Department',
            subject: 'Pothole on Długa Street',
            content: 'There is a deep pothole in front of Długa 12. Cars swerve into the cycle lane to avoid it.',
            sentAt,
          },
          trx,
        );
        await letters.takeConversation(inProgress, jan.id, trx);
        await letters.sendMessage({ conversationId: inProgress, sender: jan, content: 'Thank you, we have sent a crew to inspect it.' }, trx);
        await letters.sendMessage({ conversationId: inProgress, sender: anna, content: 'Thank you! It is right by the bus stop.' }, trx);
        const resolved = await letters.createLetter(
          {
            userId: anna.id,
            recipient: 'City Administration',
            subject: 'Office opening hours',
            content: 'Is the registry office open on Saturdays?',
            sentAt,
          },
          trx,
        );
        await letters.takeConversation(resolved, jan.id, trx);
        await letters.sendMessage({ conversationId: resolved, sender: jan, content: 'Yes, on the first Saturday of each month, 8:00-13:00.' }, trx);
        await letters.resolveConversation(resolved, trx);
      });
      log.info({}, 'demo letters created');
    },
  };
}
