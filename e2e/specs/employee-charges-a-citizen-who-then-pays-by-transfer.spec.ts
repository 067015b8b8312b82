import { commonMessages, obligationMessages as m } from '@portal/contract';
import { expect, test, type Page } from '@playwright/test';
import { demoAccounts, expectFieldMessage, expectNoAxeViolations, loginAs, namesOf, registerCitizen, type Citizen } from '../support/portal';
import { decodeQr } from '../support/qr';

// The account the e2e server is started with (playwright.config.ts), written out here by hand.
const ACCOUNT_DIGITS = '61109010140000071219812874';
const ACCOUNT_PRINTED = '61 1090 1014 0000 0712 1981 2874';
const RECIPIENT = 'Urząd Miasta Testowo';
const NIP = '1234563218';

// Obligations given to a fresh citizen: two months of 2031 and one past-due one in 2025.
const charges = [
  { amount: '120.50', dueDate: '2031-03-15', issueDate: '2031-03-01', description: 'Property tax 2031' },
  { amount: '79.60', dueDate: '2031-07-31', issueDate: '2031-07-01', description: 'Waste fee Q3' },
  { amount: '49.99', dueDate: '2025-05-20', issueDate: '2025-05-01', description: 'Dog tax 2025' },
] as const;

test.use({ reducedMotion: 'reduce' });

async function atBothWidths(page: Page, check: () => Promise<void>): Promise<void> {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await check();
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function createCharge(page: Page, charge: (typeof charges)[number], username: string): Promise<number> {
  const form = page.getByRole('form', { name: `${m.createFor} ${username}` });
  await expect(form).toBeVisible();
  await form.getByLabel('Amount', { exact: true }).fill(charge.amount);
  await form.getByLabel('Issue date', { exact: true }).fill(charge.issueDate);
  await form.getByLabel('Due date', { exact: true }).fill(charge.dueDate);
  await form.getByLabel('Description').fill(charge.description);
  const created = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/financial-obligations' && response.request().method() === 'POST');
  await form.getByRole('button', { name: 'Create Obligation' }).click();
  // The summary to confirm (e2e/specs/clerk-confirms-a-charge-and-the-audit-log-names-it.spec.ts tests it).
  await page.getByRole('dialog', { name: 'Create this obligation?' }).getByRole('button', { name: 'Create Obligation' }).click();
  const answer = await created;
  expect(answer.status()).toBe(201);
  await expect(page.getByText(m.created, { exact: true })).toBeVisible();
  // The form resets and the user is deselected.
  await expect(page.getByRole('heading', { name: m.createFor, exact: true })).toBeVisible();
  await expect(page.getByText(m.selectUserPrompt, { exact: true })).toBeVisible();
  await expect(page.getByLabel('Amount', { exact: true })).toHaveValue('');
  return ((await answer.json()) as { id: number }).id;
}

test.describe('an employee charges a citizen, who sees it and pays by transfer', () => {
  test('from Create Obligations to the list, the detail with its QR code and the chart', async ({ page, request }) => {
    test.setTimeout(150_000);
    const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
    // QZ: a label of its own in this run; the search finds the same citizen by a middle part.
    const citizen: Citizen = await registerCitizen(request, { username: `qz${tag}`.slice(0, 20) });
    const { firstName, lastName } = await namesOf(request, citizen);

    // Create Obligations, as the employee: the two panels and their texts.
    await loginAs(page, demoAccounts.employee.username, demoAccounts.employee.password);
    await page.goto('/createObligations');
    const labels = page.getByRole('region', { name: m.labels });
    await expect(labels.getByRole('heading', { name: m.labels })).toBeVisible();
    await expect(labels.getByPlaceholder(m.searchUser)).toBeVisible();
    await expect(page.getByRole('heading', { name: m.createFor, exact: true })).toBeVisible();
    await expect(page.getByText(m.selectUserPrompt, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Create Obligation' }).click();
    // The spec's alert, and the same words at the user picker and first in the error summary.
    await expect(page.locator('.notifications').getByText(m.selectUser, { exact: true })).toBeVisible();
    await expectFieldMessage(labels, 'Find a citizen by username', m.selectUser);
    await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' }).getByRole('listitem').first()).toHaveText(m.selectUser);
    await expectFieldMessage(page, 'Amount', 'Amount is required');
    await atBothWidths(page, () => expectNoAxeViolations(page));

    // By label: QZ opens and lists the citizen; choosing them names the form.
    const label = labels.getByRole('button', { name: 'QZ', exact: true });
    await expect(label).toHaveAttribute('aria-expanded', 'false');
    await label.click();
    await expect(label).toHaveAttribute('aria-expanded', 'true');
    await labels.getByRole('list', { name: 'Citizens under QZ' }).getByRole('button', { name: new RegExp(`^${citizen.username}`) }).click();
    await expect(page.getByRole('heading', { name: `${m.createFor} ${citizen.username}` })).toBeVisible();
    await atBothWidths(page, () => expectNoAxeViolations(page));
    const ids = [await createCharge(page, charges[0], citizen.username)];

    // By search: a case-insensitive part of the username.
    for (const charge of charges.slice(1)) {
      const search = labels.getByPlaceholder(m.searchUser);
      await search.fill('');
      await search.fill(tag.slice(1, 6).toUpperCase());
      await labels.getByRole('button', { name: new RegExp(`^${citizen.username}`) }).click();
      ids.push(await createCharge(page, charge, citizen.username));
    }

    // The citizen: 'Loading user data...', then 'Loading financial obligations...', then the list.
    await page.context().clearCookies();
    await loginAs(page, citizen.username, citizen.password);
    let releaseMe: () => void = () => undefined;
    const meHeld = new Promise<void>((resolve) => (releaseMe = resolve));
    await page.route('**/api/users/me', async (route) => {
      await meHeld;
      await route.continue();
    });
    let releaseList: () => void = () => undefined;
    const listHeld = new Promise<void>((resolve) => (releaseList = resolve));
    await page.route('**/api/financial-obligations/by-interest-id/*', async (route) => {
      await listHeld;
      await route.continue();
    });
    const chartRequests: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().includes('obligations-bar-chart')) chartRequests.push(sent.url());
    });
    await page.goto('/financial-obligations');
    await expect(page.getByText(m.loadingUser, { exact: true })).toBeVisible();
    releaseMe();
    await expect(page.getByRole('heading', { level: 1, name: `${m.headingFor} ${firstName} ${lastName}` })).toBeVisible();
    await expect(page.getByText(m.loadingObligations, { exact: true })).toBeVisible();
    releaseList();
    await page.unrouteAll({ behavior: 'ignoreErrors' });

    await expect(page.getByRole('button', { name: m.viewList })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: m.viewChart })).toHaveAttribute('aria-pressed', 'false');
    const cards = page.locator('.obligation-card');
    await expect(cards).toHaveCount(3);
    await expect(page.locator('.total-to-pay')).toContainText('250.09 PLN');
    const dogTax = page.getByRole('button', { name: /Dog tax 2025/ });
    await expect(dogTax).toContainText('49.99 PLN');
    await expect(dogTax).toContainText('Due date: 20 May 2025');
    // Unpaid and past its due date: 'Overdue', one name for it (issue 35), not 'Pending' beside 'Past due'.
    await expect(dogTax).toContainText('Overdue');
    await expect(dogTax).not.toContainText('Pending');
    await expect(page.getByRole('button', { name: /Waste fee Q3/ })).not.toContainText('Overdue');
    await atBothWidths(page, () => expectNoAxeViolations(page));

    // The detail: its facts, the transfer data and a QR code holding the ZBP string of this obligation.
    await page.getByRole('button', { name: /Property tax 2031/ }).click();
    const detail = page.getByRole('article', { name: 'Property tax 2031' });
    await expect(detail.getByRole('button', { name: m.backToList })).toBeVisible();
    await expect(detail.locator('.facts')).toContainText('Amount120.50 PLN');
    await expect(detail.locator('.facts')).toContainText('Due date15 Mar 2031');
    await expect(detail.locator('.facts')).toContainText('Payment statusPending');
    await expect(detail.locator('.facts')).toContainText('Issue date1 Mar 2031');
    const transfer = detail.getByRole('region', { name: 'Pay by bank transfer' });
    await expect(transfer).toContainText(ACCOUNT_PRINTED);
    await expect(transfer).toContainText(RECIPIENT);
    await expect(transfer).toContainText('120.50 PLN');
    const title = `FO ${ids[0]} Property tax 2031`;
    await expect(transfer).toContainText(title);
    for (const what of ['Account number', 'Recipient', 'Amount', 'Transfer title']) {
      await expect(transfer.getByRole('button', { name: `Copy ${what}` })).toBeVisible();
    }
    const qr = transfer.getByRole('img', { name: /Payment code for banking apps/ });
    await expect(qr).toBeVisible();
    expect(await decodeQr(qr)).toBe(`${NIP}|PL|${ACCOUNT_DIGITS}|012050|${RECIPIENT}|${title}|||`);
    await atBothWidths(page, () => expectNoAxeViolations(page));
    await detail.getByRole('button', { name: m.backToList }).click();
    await expect(cards).toHaveCount(3);
    // The button pressed is gone with the detail: focus goes back to the card it was opened from.
    await expect(page.getByRole('button', { name: /Property tax 2031/ })).toBeFocused();

    // The chart: loaded only now; its table has the yearly totals, then a year's twelve months.
    expect(chartRequests).toEqual([]);
    await page.getByRole('button', { name: m.viewChart }).click();
    await expect(page.getByRole('button', { name: m.viewChart })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText(m.flipPhone, { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: m.yearlyTitle })).toBeVisible();
    await expect(page.getByRole('img', { name: new RegExp(`^${m.yearlyTitle}: a bar chart`) })).toBeVisible();
    expect(chartRequests.length).toBeGreaterThan(0);
    const year = page.getByLabel('Year', { exact: true });
    await expect(year.locator('option')).toHaveText([m.allYears, '2025', '2031']);
    const yearly = page.getByRole('table', { name: m.yearlyTitle });
    await expect(yearly.getByRole('columnheader')).toHaveText(['Year', m.datasetLabel]);
    await expect(yearly.locator('tbody th')).toHaveText(['2025', '2031']);
    await expect(yearly.locator('tbody td')).toHaveText(['49.99 PLN', '200.10 PLN']);
    await atBothWidths(page, () => expectNoAxeViolations(page));

    await year.selectOption('2031');
    await expect(page.getByRole('heading', { name: m.monthlyTitle })).toBeVisible();
    const monthly = page.getByRole('table', { name: m.monthlyTitle });
    const rows = monthly.locator('tbody tr');
    await expect(rows).toHaveCount(12);
    const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
    await expect(monthly.locator('tbody th')).toHaveText(months);
    await expect(monthly.locator('tbody td')).toHaveText(months.map((month) => `${{ March: '120.50', July: '79.60' }[month] ?? '0.00'} PLN`));
    await expectNoAxeViolations(page);
  });

  test("a citizen without obligations reads 'No financial obligations found.'; Create Obligations is 'Unauthorized' to them", async ({ page, request }) => {
    const citizen = await registerCitizen(request);
    await loginAs(page, citizen.username, citizen.password);
    await page.goto('/financial-obligations');
    await expect(page.getByText(m.none, { exact: true })).toBeVisible();
    await page.goto('/createObligations');
    await expect(page.getByRole('heading', { name: commonMessages.unauthorized })).toBeVisible();
  });
});
