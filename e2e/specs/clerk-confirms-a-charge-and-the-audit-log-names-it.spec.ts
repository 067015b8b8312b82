import { fullName, obligationMessages as m } from '@portal/contract';
import { expect, test, type Page } from '@playwright/test';
import { chooseLanguage, demoAccounts, expectNoAxeViolations, loginAs, registerCitizen } from '../support/portal';

// Issue 19: a charge is checked before it is made and leaves a lasting result; the admin's Audit
// Log then names it in words, with no raw field name or code. One sign-in per role.

const SHOTS = process.env.E2E_SHOTS_DIR;

/** Axe at 1280 and 360 px (and a screenshot of each when E2E_SHOTS_DIR is set), back at 1280. */
async function checkBothWidths(page: Page, state: string): Promise<void> {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${state}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.use({ reducedMotion: 'reduce' });

test('a clerk confirms a summary, keeps the created panel and sees the citizen\u2019s obligations; the Audit Log names the charge', async ({ page, request }) => {
  test.setTimeout(120_000);
  const citizen = await registerCitizen(request, { firstName: 'Anna', lastName: `Nowak${Date.now().toString(36).replace(/\d/g, '').slice(0, 8)}` });
  const name = fullName(citizen);

  // The clerk finds the citizen with the labelled search box.
  await loginAs(page, demoAccounts.employee.username, demoAccounts.employee.password);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/createObligations');
  const labels = page.getByRole('region', { name: m.labels });
  const search = labels.getByLabel('Find a citizen by username');
  await expect(search).toBeVisible();
  await expect(search).toHaveAttribute('placeholder', m.searchUser);
  await search.fill(citizen.username);
  await labels.getByRole('button', { name: new RegExp(`^${citizen.username}`) }).click();

  // Beside the form: what they already owe (nothing yet).
  const recent = page.getByRole('region', { name: `Recent obligations of ${name}` });
  await expect(recent).toContainText(`${name} has no financial obligations yet.`);
  await checkBothWidths(page, 'charge-recent-empty');

  const form = page.getByRole('form', { name: `${m.createFor} ${citizen.username}` });
  await form.getByLabel('Amount', { exact: true }).fill('245.50');
  await form.getByLabel('Issue date', { exact: true }).fill('2026-11-02');
  await form.getByLabel('Due date', { exact: true }).fill('2026-12-15');
  await form.getByLabel('Description').fill('Property tax, 2nd instalment');
  const posts: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && new URL(sent.url()).pathname === '/api/financial-obligations') posts.push(sent.url());
  });
  await form.getByRole('button', { name: 'Create Obligation' }).click();

  // The check: a summary in words, nothing sent yet; "Go back and change" keeps what was typed.
  const dialog = page.getByRole('dialog', { name: 'Create this obligation?' });
  await expect(dialog).toContainText(`You are charging ${name} 245.50\u00a0PLN, due 15 December 2026.`);
  await expect(dialog).toContainText('Description: Property tax, 2nd instalment');
  expect(posts).toEqual([]);
  await checkBothWidths(page, 'charge-summary');
  await dialog.getByRole('button', { name: 'Go back and change' }).click();
  await expect(dialog).toBeHidden();
  await expect(form.getByLabel('Amount', { exact: true })).toHaveValue('245.50');
  expect(posts).toEqual([]);

  await form.getByRole('button', { name: 'Create Obligation' }).click();
  const created = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/financial-obligations' && response.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Create Obligation' }).click();
  const answer = await created;
  expect(answer.status()).toBe(201);
  const { id } = (await answer.json()) as { id: number };

  // The spec's alert and reset stay; beside them a panel that stays.
  await expect(page.getByText(m.created, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: m.createFor, exact: true })).toBeVisible();
  await expect(page.getByText(m.selectUserPrompt, { exact: true })).toBeVisible();
  const panel = page.getByRole('region', { name: 'Obligation created' });
  await expect(panel.getByRole('heading', { name: 'Obligation created' })).toBeFocused();
  await expect(panel).toContainText(`ReferenceFO ${id}`);
  await expect(panel).toContainText(`Citizen${name} (${citizen.username})`);
  await expect(panel).toContainText('Amount245.50\u00a0PLN');
  await expect(panel).toContainText('Due date15 Dec 2026');
  // The search text is cleared, so the labels show again.
  await expect(search).toHaveValue('');
  await expect(labels.getByRole('button', { name: citizen.username.slice(0, 2).toUpperCase(), exact: true })).toBeVisible();
  await checkBothWidths(page, 'charge-created');

  // Choosing the citizen again: the new charge is first in their recent obligations; the panel stays.
  await search.fill(citizen.username);
  await labels.getByRole('button', { name: new RegExp(`^${citizen.username}`) }).click();
  await expect(recent.getByRole('listitem').first()).toContainText(`FO ${id} Property tax, 2nd instalment`);
  await expect(recent.getByRole('listitem').first()).toContainText('245.50\u00a0PLN');
  await expect(panel).toBeVisible();
  await checkBothWidths(page, 'charge-recent-list');

  // The admin's Audit Log: the record by name, labels and words, never the stored field names.
  await page.context().clearCookies();
  await loginAs(page, demoAccounts.admin.username, demoAccounts.admin.password);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Audit Log' }).click();
  const log = page.getByRole('tabpanel');
  await log.getByLabel('Action', { exact: true }).selectOption({ label: 'Obligation created' });
  await log.getByRole('button', { name: 'Apply filters' }).click();
  const row = log.getByRole('row').filter({ hasText: `Obligation FO ${id} - Property tax, 2nd instalment for ${name}` });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Amount: 245.50\u00a0PLN');
  await expect(row).toContainText(`Citizen: ${name}`);
  await expect(row).toContainText('Due date: 15 Dec 2026');
  await expect(row).toContainText('Payment status: Pending');
  const table = log.getByRole('table');
  for (const raw of ['interestId', 'dueDate', 'issueDate', 'paymentStatus', 'PENDING', `Obligation ${id}`]) await expect(table).not.toContainText(raw);
  await checkBothWidths(page, 'audit-named');

  await chooseLanguage(page, 'Polski');
  await expect(log.getByRole('row').filter({ hasText: `Zobowiązanie FO ${id} - Property tax, 2nd instalment (konto mieszkańca: ${name})` })).toContainText(
    'Status płatności: Oczekuje',
  );
  await checkBothWidths(page, 'audit-named-pl');
});
