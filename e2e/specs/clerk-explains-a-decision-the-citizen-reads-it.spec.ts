import { expect, test, type Locator, type Page } from '@playwright/test';
import { demoAccounts, expectFieldMessage, expectNoAxeViolations, loginAs, registerCitizen, submitVehicleCase } from '../support/portal';

/**
 * Issue 19: a clerk finds a citizen's case by the applicant, rejects it with a message after a
 * confirmation naming the case and the applicant; the citizen reads the reason in the case's
 * history. On a phone the opened case comes to the top of the screen. One sign-in per role.
 */
const REASON = 'The VIN in the purchase contract differs from the form. Please send the corrected contract.';

/** The opened case's heading has focus and sits in the top part of the screen. */
async function expectOpenedInView(page: Page, details: Locator) {
  const heading = details.getByRole('heading', { level: 2 }).first();
  await expect(heading).toBeFocused();
  await expect.poll(async () => (await heading.boundingBox())?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(120);
  expect((await heading.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0);
}

test('a clerk rejects a case with its reason after confirming; the citizen reads why, also on a phone', async ({ page, request, browser }) => {
  test.setTimeout(90_000);
  const citizen = await registerCitizen(request);
  const plate = `WE ${String(10_000 + Math.floor(Math.random() * 90_000))}`;
  const caseName = `Vehicle registration - ${plate}`;
  const applicant = `${citizen.firstName} ${citizen.lastName} (${citizen.username})`;
  const caseId = await submitVehicleCase(request, await loginAs(page, citizen.username, citizen.password), plate);

  // The clerk: the queue names the applicant and the waiting time; the search finds the case by the applicant's username.
  const { baseURL, locale } = test.info().project.use;
  const clerkContext = await browser.newContext({ baseURL, locale, viewport: { width: 1280, height: 800 } });
  const clerk = await clerkContext.newPage();
  await loginAs(clerk, demoAccounts.employee.username, demoAccounts.employee.password);
  await clerk.goto('/createCase');
  const queue = clerk.getByRole('list', { name: 'Pending Case Resolutions' });
  await expect(queue.getByRole('listitem').first()).toBeVisible();
  const search = clerk.getByRole('searchbox', { name: 'Search cases' });
  await search.fill(citizen.username);
  await expect(clerk.getByText(`Cases matching \u201c${citizen.username}\u201d: 1`)).toBeVisible();
  const item = queue.getByRole('listitem');
  await expect(item).toHaveCount(1);
  await expect(item.getByText(caseName, { exact: true })).toBeVisible();
  await expect(item.getByRole('term')).toHaveText(['Case reference', 'Type', 'Status', 'Applicant', 'Submitted', 'Waiting']);
  await expect(item.getByRole('definition').nth(0)).toHaveText(`C-${caseId}`);
  await expect(item.getByRole('definition').nth(3)).toHaveText(applicant);
  await expectNoAxeViolations(clerk);

  await item.getByRole('button', { name: 'See Details' }).click();
  const details = clerk.getByRole('article', { name: caseName });
  await expect(details.locator('> dl')).toContainText(applicant);
  const choice = details.getByLabel('Change status to');
  await choice.selectOption('REJECTED');
  await details.getByRole('button', { name: 'Update' }).click();
  // A rejection needs its reason: said under the field, which takes focus; nothing is sent.
  await expectFieldMessage(details, 'Message to the applicant', 'Write the reason for the rejection to the applicant.');
  await expect(details.getByLabel('Message to the applicant')).toBeFocused();
  await expect(clerk.getByRole('dialog')).toHaveCount(0);
  await expectNoAxeViolations(clerk);

  await details.getByLabel('Message to the applicant').fill(REASON);
  await expect(details.getByText('Write the reason for the rejection to the applicant.')).toHaveCount(0);
  await details.getByRole('button', { name: 'Update' }).click();
  const dialog = clerk.getByRole('dialog', { name: 'Reject this case?' });
  // The case by its one reference beside its name (issue 31).
  await expect(dialog).toContainText(`C-${caseId}: ${caseName}, applied for by ${applicant}, will be rejected.`);
  await expect(dialog).toContainText(REASON);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoAxeViolations(clerk);
  // Escape changes nothing and gives focus back to the Update button.
  await clerk.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(details.getByRole('button', { name: 'Update' })).toBeFocused();
  await clerk.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Reject the case' }).click();
  await expect(clerk.getByText(`The status of ${caseName} is now Rejected.`)).toBeVisible();
  await expect(item).toHaveCount(0);
  await expect(clerk.getByText(`No pending case matches \u201c${citizen.username}\u201d.`)).toBeVisible();

  // On a phone the clerk's queue and search pass the audit too.
  await clerk.setViewportSize({ width: 360, height: 740 });
  await expectNoAxeViolations(clerk);
  await clerkContext.close();

  // The citizen: the case is listed once, among the decided ones, and its history gives the reason.
  await page.goto('/createCase');
  const decided = page.getByRole('list', { name: 'Your cases being handled or decided' }).getByRole('listitem').filter({ hasText: caseName });
  await expect(decided.getByRole('definition').nth(0)).toHaveText(`C-${caseId}`);
  await expect(decided.getByRole('definition').nth(2)).toHaveText('Rejected');
  await expect(page.getByText(caseName, { exact: true })).toHaveCount(1);
  await decided.getByRole('button', { name: 'See Details' }).click();
  const mine = page.getByRole('article', { name: caseName });
  const history = mine.getByRole('region', { name: 'Status history' }).getByRole('list').first().getByRole('listitem');
  await expect(history).toHaveCount(2);
  await expect(history.nth(1)).toContainText('Rejected');
  await expect(history.nth(1)).toContainText(`Message from the office: ${REASON}`);
  await expectNoAxeViolations(page);

  // On a phone (360 px) the details sit under the lists: opening the case brings its heading to the top.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await decided.getByRole('button', { name: 'See Details' }).click();
  await expectOpenedInView(page, mine);
  await expect(history.nth(1)).toContainText(REASON);
  await expectNoAxeViolations(page);
});
