import { expect, test, type Page } from '@playwright/test';
import { chooseLanguage, demoAccounts, expectNoAxeViolations, loginAs, namesOf, registerCitizen, submitVehicleCase } from '../support/portal';

/**
 * Issue 33: a clerk sets a citizen's case to In progress and finds it under "Mine" with himself as
 * its handler; he leaves an internal note, which colleagues read with his name and the time. The
 * citizen reads "Handled by" and never the note. Axe at 1280 and 360 px, in English and Polish.
 */
const NOTE = 'Checked the purchase contract; waiting for the plate from the dealer.';

/** Axe at both widths; with E2E_SHOTS set, a full-page screenshot of each into that folder (for a person to look at). */
async function auditAtBothWidths(page: Page, name: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    await expectNoAxeViolations(page);
    if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a clerk takes a case, finds it under Mine and leaves a note; the citizen sees who handles it and no note', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  const citizen = await registerCitizen(request);
  const plate = `KR ${String(10_000 + Math.floor(Math.random() * 90_000))}`;
  const caseName = `Vehicle registration - ${plate}`;
  const caseId = await submitVehicleCase(request, await loginAs(page, citizen.username, citizen.password), plate);
  const clerkNames = await namesOf(request, demoAccounts.employee);
  const clerkName = `${clerkNames.firstName} ${clerkNames.lastName}`;

  const { baseURL, locale } = test.info().project.use;
  const clerkContext = await browser.newContext({ baseURL, locale, viewport: { width: 1280, height: 800 } });
  const clerk = await clerkContext.newPage();
  await loginAs(clerk, demoAccounts.employee.username, demoAccounts.employee.password);
  await clerk.goto('/createCase');

  // The spec's pending list comes first among the case lists; the clerk sets the case in progress from it.
  const lists = clerk.getByRole('tablist', { name: 'Case lists' });
  await expect(lists.getByRole('tab')).toHaveText(['Pending', 'In progress', 'Mine', 'Decided', 'Appeals', 'Waiting for the citizen']);
  await clerk.getByRole('searchbox', { name: 'Search cases' }).fill(citizen.username);
  const pending = clerk.getByRole('list', { name: 'Pending Case Resolutions' }).getByRole('listitem');
  await expect(pending).toHaveCount(1);
  await pending.getByRole('button', { name: 'See Details' }).click();
  const details = clerk.getByRole('article', { name: caseName });
  await details.getByLabel('Change status to').selectOption('IN_PROGRESS');
  await details.getByRole('button', { name: 'Update' }).click();
  await expect(clerk.getByText(`The status of ${caseName} is now In progress.`)).toBeVisible();
  await expect(details.getByText(`Handled by ${clerkName}`)).toBeVisible();

  // Mine: the case, its applicant, and the clerk as its handler.
  await lists.getByRole('tab', { name: 'Mine' }).click();
  await expect(clerk.getByRole('heading', { name: 'My cases in progress' })).toBeVisible();
  await clerk.getByRole('searchbox', { name: 'Search cases' }).fill(citizen.username);
  const mine = clerk.getByRole('list', { name: 'My cases in progress' }).getByRole('listitem');
  await expect(mine).toHaveCount(1);
  await expect(mine.getByText(caseName, { exact: true })).toBeVisible();
  // The case's one reference (issue 31 point 3) leads its facts; the handler closes them.
  await expect(mine.getByRole('term')).toHaveText(['Case reference', 'Type', 'Status', 'Applicant', 'Submitted', 'Waiting', 'Handled by']);
  await expect(mine.getByRole('definition').first()).toHaveText(`C-${caseId}`);
  await expect(mine.getByRole('definition').last()).toHaveText(clerkName);
  await auditAtBothWidths(clerk, 'clerk-mine');

  // Beside the case: the applicant as staff may see them (no email) and their other matters (none; this case is on the screen).
  const contact = details.getByRole('region', { name: 'About the applicant' });
  await expect(contact).toContainText(`Username: ${citizen.username}`);
  await expect(contact.getByText('No other cases.')).toBeVisible();
  await expect(contact.getByRole('link', { name: new RegExp(`^C-${caseId}:`) })).toHaveCount(0);
  await expect(contact).not.toContainText(citizen.email);

  // The note: under the details, with the clerk's name and the time; a blank one is refused under its field.
  const notes = details.getByRole('region', { name: 'Internal notes' });
  await expect(notes.getByText('No notes yet.')).toBeVisible();
  await notes.getByRole('button', { name: 'Add note' }).click();
  await expect(notes.getByText('Write the note.')).toBeVisible();
  await expect(notes.getByLabel('New note')).toBeFocused();
  await notes.getByLabel('New note').fill(NOTE);
  await notes.getByRole('button', { name: 'Add note' }).click();
  const written = notes.getByRole('list', { name: 'Internal notes' }).getByRole('listitem');
  await expect(written).toHaveCount(1);
  await expect(written).toContainText(NOTE);
  await expect(written).toContainText(clerkName);
  await expect(notes.getByLabel('New note')).toHaveValue('');
  await auditAtBothWidths(clerk, 'clerk-note');

  // The same in Polish.
  await chooseLanguage(clerk, 'Polski');
  await expect(lists.getByRole('tab')).toHaveCount(0);
  const listsPl = clerk.getByRole('tablist', { name: 'Listy spraw' });
  await expect(listsPl.getByRole('tab', { name: 'Moje' })).toHaveAttribute('aria-selected', 'true');
  await expect(clerk.getByRole('heading', { name: 'Moje sprawy w toku' })).toBeVisible();
  const detailsPl = clerk.getByRole('article', { name: `Rejestracja pojazdu - ${plate}` });
  await expect(detailsPl.getByRole('region', { name: 'Notatki wewnętrzne' })).toContainText(NOTE);
  await expect(detailsPl.getByText(`Sprawę prowadzi: ${clerkName}`)).toBeVisible();
  await auditAtBothWidths(clerk, 'clerk-pl');
  await clerkContext.close();

  // The citizen: who handles the case, and nothing of the note.
  await page.goto('/createCase');
  const yours = page.getByRole('list', { name: 'Your cases being handled or decided' }).getByRole('listitem').filter({ hasText: caseName });
  await yours.getByRole('button', { name: 'See Details' }).click();
  const own = page.getByRole('article', { name: caseName });
  await expect(own.getByText(`Handled by ${clerkName}`)).toBeVisible();
  await expect(own.getByRole('region', { name: 'Internal notes' })).toHaveCount(0);
  await expect(page.getByText(NOTE)).toHaveCount(0);
  await auditAtBothWidths(page, 'citizen-en');
  await chooseLanguage(page, 'Polski');
  await expect(page.getByRole('article', { name: `Rejestracja pojazdu - ${plate}` }).getByText(`Sprawę prowadzi: ${clerkName}`)).toBeVisible();
  await expect(page.getByText(NOTE)).toHaveCount(0);
  await auditAtBothWidths(page, 'citizen-pl');
});
