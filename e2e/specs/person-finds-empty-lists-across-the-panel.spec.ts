import { letterMessages } from '@portal/contract';
import { expect, test, type Locator } from '@playwright/test';
import { useLanguage } from '../support/letters';
import { demoAccounts, expectNoAxeViolations, loginAs, registerCitizen } from '../support/portal';

// Issue 9, point 10: an empty list says so across the whole tab panel (not in the narrow list
// column of the list-and-chat layout) and offers the way to where entries come from.

const texts = {
  en: {
    conversations: 'Your Conversations',
    create: 'Create a Letter',
    take: 'Take Conversations',
    noConversations: letterMessages.noConversations,
    write: 'Write a letter',
    noInProgress: 'You have no conversations in progress. Take one in Take Conversations.',
    goToTake: 'Go to Take Conversations',
  },
  pl: {
    conversations: 'Twoje rozmowy',
    create: 'Napisz pismo',
    take: 'Pisma do przyjęcia',
    noConversations: 'Brak rozmów',
    write: 'Napisz pismo',
    noInProgress: 'Brak rozmów w realizacji. Pisma można przyjąć w zakładce Pisma do przyjęcia.',
    goToTake: 'Przejdź do zakładki Pisma do przyjęcia',
  },
} as const;

/** The empty text's block spans (nearly) the panel's content width, not a 20rem column. */
async function expectAcrossThePanel(panel: Locator, text: string): Promise<void> {
  const shown = panel.getByText(text, { exact: true });
  await expect(shown).toBeVisible();
  const block = panel.locator('.empty-panel');
  const [panelBox, blockBox] = await Promise.all([panel.boundingBox(), block.boundingBox()]);
  expect(blockBox?.width ?? 0).toBeGreaterThan((panelBox?.width ?? Infinity) * 0.9);
}

for (const language of ['en', 'pl'] as const) {
  for (const width of [1280, 360]) {
    test(`empty conversation lists use the whole panel and lead on (${language}, ${width} px)`, async ({ page, request }) => {
      const t = texts[language];
      await page.setViewportSize({ width, height: 800 });
      await useLanguage(page, language);

      // A citizen without letters: 'No conversations available', then on to writing one.
      const citizen = await registerCitizen(request);
      await loginAs(page, citizen.username, citizen.password);
      await page.goto('/user');
      await page.getByRole('tab', { name: t.conversations }).click();
      const panel = page.getByRole('tabpanel', { name: t.conversations });
      await expectAcrossThePanel(panel, t.noConversations);
      await expectNoAxeViolations(page);
      await panel.getByRole('button', { name: t.write }).click();
      await expect(page.getByRole('tab', { name: t.create })).toHaveAttribute('aria-selected', 'true');

      // Staff with nothing in progress (the admin takes nothing in the other tests), then on to the queue.
      await page.context().clearCookies();
      await loginAs(page, demoAccounts.admin.username, demoAccounts.admin.password);
      await page.goto('/employee');
      await page.getByRole('tab', { name: t.conversations }).click();
      const staffPanel = page.getByRole('tabpanel', { name: t.conversations });
      await expectAcrossThePanel(staffPanel, t.noInProgress);
      await expectNoAxeViolations(page);
      await staffPanel.getByRole('button', { name: t.goToTake }).click();
      await expect(page.getByRole('tab', { name: t.take })).toHaveAttribute('aria-selected', 'true');
    });
  }
}
