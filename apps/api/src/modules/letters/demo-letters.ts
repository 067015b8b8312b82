import type { SeedContext, SeedStep } from '../../db/seed.js';
import { demoUserId } from '../../db/seed.js';
import { createLettersRepository } from './repository.js';

/**
 * A few letters for the demo citizens, one in each state, so every tab of both dashboards has
 * something to show after `npm start`. Runs once: skipped when the first demo citizen has letters.
 */
export const demoLettersStep: SeedStep = {
  name: 'demo letters',
  enabled: (config) => config.seedDemo,
  async run(ctx: SeedContext) {
    const [anna, piotr, jan] = await Promise.all(
      ['anowak', 'pzielinski', 'jkowalski'].map((username) => demoUserId(ctx, username)),
    );
    if (anna === undefined || piotr === undefined || jan === undefined) return;
    const letters = createLettersRepository(ctx.db);
    if ((await letters.listConversations({ userId: anna })).length > 0) return;

    await ctx.db.transaction().execute(async (trx) => {
      const sentAt = new Date().toISOString();
      await letters.insertLetter(
        {
          userId: piotr,
          recipient: 'Parks and Recreation Department',
          subject: 'Broken bench in Jordan Park',
          content: 'The bench next to the playground in Jordan Park has a broken backrest. Could it be repaired?',
          sentAt,
        },
        trx,
      );
      const inProgress = await letters.insertLetter(
        {
          userId: anna,
          recipient: 'Public Works Department',
          subject: 'Pothole on Długa Street',
          content: 'There is a deep pothole in front of Długa 12. Cars swerve into the cycle lane to avoid it.',
          sentAt,
        },
        trx,
      );
      await letters.take(inProgress, jan, trx);
      await letters.insertMessage({ conversationId: inProgress, senderId: jan, senderName: 'Jan Kowalski', content: 'Thank you, we have sent a crew to inspect it.' }, trx);
      await letters.insertMessage({ conversationId: inProgress, senderId: anna, senderName: 'Anna Nowak', content: 'Thank you! It is right by the bus stop.' }, trx);
      const resolved = await letters.insertLetter(
        {
          userId: anna,
          recipient: 'City Administration',
          subject: 'Office opening hours',
          content: 'Is the registry office open on Saturdays?',
          sentAt,
        },
        trx,
      );
      await letters.take(resolved, jan, trx);
      await letters.insertMessage({ conversationId: resolved, senderId: jan, senderName: 'Jan Kowalski', content: 'Yes, on the first Saturday of each month, 8:00-13:00.' }, trx);
      await letters.resolve(resolved, jan, trx);
    });
    ctx.log.info({}, 'demo letters created');
  },
};
