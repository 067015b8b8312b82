import { letterMessages } from '@portal/contract';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { demoAccounts, expectNoAxeViolations, loginAs, mainNavigation, openAuthForms } from '../support/portal';

type Box = { x: number; y: number; width: number; height: number };

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (!found) throw new Error('element is not on screen');
  return found;
}

/** Neither the navigation (its visible part) nor the language switch lies under the notification. */
async function expectNothingCovered(page: Page, notification: Locator) {
  const alert = await box(notification);
  const nav = mainNavigation(page);
  const navBox = await box(nav);
  const languages = await box(page.getByRole('group', { name: 'Language' }));
  expect(overlaps(alert, navBox), `notification ${JSON.stringify(alert)} over the navigation ${JSON.stringify(navBox)}`).toBe(false);
  expect(overlaps(alert, languages), `notification ${JSON.stringify(alert)} over the language switch ${JSON.stringify(languages)}`).toBe(false);
}

async function sendResetLink(page: Page) {
  await openAuthForms(page);
  await page.getByRole('tab', { name: 'Reset' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Reset' });
  await panel.getByLabel('Email', { exact: true }).fill('anna.nowak@example.org');
  await panel.getByRole('button', { name: 'Send reset link' }).click();
  return page.getByRole('status').filter({ hasText: 'Password reset link sent to anna.nowak@example.org' });
}

test('a notification at 1280 px sits below the header, over neither the navigation nor the language switch', async ({ page }) => {
  const notification = await sendResetLink(page);
  await expect(notification).toBeVisible();
  await expectNothingCovered(page, notification);
  await expectNoAxeViolations(page);
});

test('a notification at 360 px, also after scrolling down, covers neither the navigation nor the language switch', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 480 });
  const notification = await sendResetLink(page);
  await expect(notification).toBeVisible();
  await expect(mainNavigation(page).getByRole('button', { name: 'Menu' })).toBeVisible();
  await expectNothingCovered(page, notification);

  // Scrolled to the end: the header has left the screen and the notification stays in view.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  await expect(notification).toBeInViewport();
  await expectNothingCovered(page, notification);
  await expectNoAxeViolations(page);
});

test('a failed letter replaces the stale success of the letter before it', async ({ page }) => {
  await loginAs(page, demoAccounts.citizen.username, demoAccounts.citizen.password);
  await page.goto('/user');
  const form = page.getByRole('tabpanel', { name: 'Create a Letter' });
  const tag = Date.now().toString(36);
  async function sendLetter(subject: string) {
    await form.getByLabel('Subject', { exact: true }).fill(subject);
    await form.getByLabel('Body', { exact: true }).fill(`About ${subject}.`);
    await form.getByLabel('Department', { exact: true }).selectOption('City Administration');
    await form.getByRole('button', { name: 'Submit' }).click();
  }

  await sendLetter(`Opening hours ${tag}`);
  // The success is said once, as a status (announced politely), in the lasting proof of sending
  // beside the form, not in a passing notification as well; the failure is an alert.
  const notifications = page.locator('.notification');
  const proof = page.getByRole('region', { name: 'Proof of sending' });
  await expect(proof.getByRole('status')).toHaveText(letterMessages.created);
  await expect(page.getByText(letterMessages.created)).toHaveCount(1);
  await expect(notifications).toHaveCount(0);

  // The server fails the next letter (simulated here): its failure takes the success's place, and
  // the proof of the letter before no longer stands beside it as if it answered this one.
  await page.route('**/api/letters', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'InternalServerError', message: 'Something went wrong.' }) })
      : route.continue(),
  );
  await sendLetter(`Parking permit ${tag}`);
  await expect(notifications).toHaveCount(1);
  await expect(page.getByRole('alert')).toContainText(letterMessages.failed);
  await expect(page.getByText(letterMessages.created)).toHaveCount(0);
  await expect(proof).toHaveCount(0);
  await expectNoAxeViolations(page);
});
