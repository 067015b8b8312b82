import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiSession, sendMessage, takeConversation, uniqueTag, writeLetter } from '../support/letters';
import { chooseLanguage, demoAccounts, expectNoAxeViolations, loginAs, registerCitizen, submitVehicleCase } from '../support/portal';

// Issue 32 point 1: a citizen finds every letter, case and payment on "My matters" (linked beside
// the spec's navigation), filters them by kind and by whose move it is, searches by reference and
// opens one on its own screen: in English at 1280 px, then in Polish at 360 px.

/** A new citizen with a payment, a case and a letter the clerk has answered (waiting for the citizen). */
async function citizenWithThreeMatters(request: APIRequestContext, tag: string) {
  const citizen = await registerCitizen(request);
  const own = await apiSession(request, citizen);
  const staff = await apiSession(request, demoAccounts.employee);
  const owed = await request.post('/api/financial-obligations', {
    headers: staff.headers,
    data: { interestId: own.userId, amount: 84.2, dueDate: '2099-05-02', issueDate: '2026-04-02', paymentStatus: 'PENDING', description: `Waste fee ${tag}` },
  });
  expect(owed.status(), await owed.text()).toBe(201);
  const obligationId = ((await owed.json()) as { id: number }).id;
  const plate = `WA ${tag.slice(-5).toUpperCase()}`;
  const caseId = await submitVehicleCase(request, own.token, plate);
  const letter = await writeLetter(request, own, { subject: `Street lamp ${tag}` });
  await takeConversation(request, staff, letter.id);
  await sendMessage(request, staff, letter.id, 'Could you tell us the nearest house number?');
  return { citizen, obligationId, caseId, plate, letter };
}

const found = (page: Page) => page.getByRole('main').getByRole('status').filter({ hasText: /:\s*\d+$/ });
const entries = (page: Page) => page.getByRole('main').getByRole('listitem');

test('a citizen finds every matter on "My matters", filters, searches and opens one, in English at 1280 px and Polish at 360 px', async ({ page, request }) => {
  // Two languages, two widths and four audits in one story.
  test.setTimeout(120_000);
  const tag = uniqueTag();
  const { citizen, obligationId, caseId, plate, letter } = await citizenWithThreeMatters(request, tag);

  // English, 1280 px: the link sits beside the spec's navigation, which keeps its own links.
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, citizen.username, citizen.password);
  await page.goto('/user');
  await page.getByRole('navigation', { name: 'Your matters' }).getByRole('link', { name: 'My matters' }).click();
  await expect(page).toHaveURL(/\/matters$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My matters' })).toBeVisible();
  await expect(found(page)).toHaveText('Matters found: 3');
  // Newest activity first: the clerk's answer to the letter is the latest thing that happened.
  await expect(entries(page).first().getByRole('link')).toContainText(`L-${letter.letterId}`);
  await expect(entries(page).first()).toContainText('The clerk has answered: read the reply and write back if you need to.');
  await expectNoAxeViolations(page);
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/matters-1280.png`, fullPage: true });

  await page.getByLabel('Kind').selectOption({ label: 'Cases' });
  await expect(found(page)).toHaveText('Matters found: 1');
  await expect(entries(page)).toHaveCount(1);
  await expect(entries(page).first()).toContainText(`Vehicle registration - ${plate}`);
  await page.getByLabel('Kind').selectOption({ label: 'All kinds' });
  await page.getByLabel('Whose move').selectOption({ label: 'Waiting for me' });
  await expect(found(page)).toHaveText('Matters found: 2');
  await expect(entries(page).getByRole('link')).toHaveText([new RegExp(`L-${letter.letterId}`), new RegExp(`FO ${obligationId}`)]);
  await page.getByLabel('Whose move').selectOption({ label: 'All' });
  await page.getByRole('searchbox', { name: 'Search' }).fill(`C-${caseId}`);
  await expect(found(page)).toHaveText('Matters found: 1');
  await expectNoAxeViolations(page);
  await entries(page).first().getByRole('link').click();
  await expect(page).toHaveURL(/\/createCase/);
  await expect(page.getByRole('article', { name: `Vehicle registration - ${plate}` })).toBeVisible();

  // Polish, 360 px: the link beside the Menu button, the same list in Polish, a payment opened.
  await page.setViewportSize({ width: 360, height: 740 });
  await chooseLanguage(page, 'Polski');
  await page.getByRole('navigation', { name: 'Twoje sprawy' }).getByRole('link', { name: 'Moje sprawy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Moje sprawy' })).toBeVisible();
  await expect(found(page)).toHaveText('Znalezione sprawy: 3');
  await expect(page.getByText('Termin płatności', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/matters-360.png`, fullPage: true });
  // Nothing is wider than the phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await page.getByLabel('Na kogo czeka').selectOption({ label: 'Czeka na mnie' });
  await expect(found(page)).toHaveText('Znalezione sprawy: 2');
  await page.getByRole('searchbox', { name: 'Szukaj' }).fill(`fo ${obligationId}`);
  await expect(found(page)).toHaveText('Znalezione sprawy: 1');
  await expect(entries(page).first()).toContainText('Zapłać kwotę do terminu płatności');
  await expectNoAxeViolations(page);
  await entries(page).first().getByRole('link').click();
  await expect(page).toHaveURL(/\/financial-obligations/);
  await expect(page.getByText(`Waste fee ${tag}`).first()).toBeVisible();
});
