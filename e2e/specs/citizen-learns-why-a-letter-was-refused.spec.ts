import { conversationApiMessages, letterMessages } from '@portal/contract';
import { expect, test } from '@playwright/test';
import { apiSession, uniqueTag, writeLetter } from '../support/letters';
import { expectNoAxeViolations, loginAs, registerCitizen } from '../support/portal';

// Issue 17 section 3: a citizen past the hourly letter quota (30 by default) is told why, after
// the spec's 'Failed to create letter.', and the letter stays in the form to be sent later.

test('a citizen past the hourly letter quota reads why the letter was not sent, and keeps it', async ({ page, request }) => {
  const citizen = await registerCitizen(request);
  const session = await apiSession(request, citizen);
  for (let i = 0; i < 30; i += 1) await writeLetter(request, session, { subject: `Letter ${i} ${uniqueTag()}` });

  await loginAs(page, citizen.username, citizen.password);
  await page.goto('/user');
  const form = page.getByRole('tabpanel', { name: 'Create a Letter' });
  await form.getByLabel('Subject', { exact: true }).fill('One letter too many');
  await form.getByLabel('Body', { exact: true }).fill('This one waits for the next hour.');
  await form.getByLabel('Department', { exact: true }).selectOption('Public Works Department');
  await form.getByRole('button', { name: 'Submit' }).click();

  await expect(page.getByRole('alert').filter({ hasText: `${letterMessages.failed} ${conversationApiMessages.lettersQuota}` })).toBeVisible();
  await expect(form.getByLabel('Subject', { exact: true })).toHaveValue('One letter too many');
  await expectNoAxeViolations(page);
  if (process.env.E2E_SCREENSHOTS) {
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/letter-quota-1280.png` });
    await page.setViewportSize({ width: 360, height: 740 });
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/letter-quota-360.png` });
  }
});
