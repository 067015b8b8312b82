import { expect, test, type Page } from '@playwright/test';
import { demoAccounts, expectNoAxeViolations, loginAs, type Credentials } from '../support/portal';

async function serviceCardLinks(page: Page): Promise<[string, string][]> {
  const services = page.getByRole('region', { name: 'Available Services' });
  const links = services.getByRole('link');
  await expect(links).toHaveCount(3);
  return links.evaluateAll((elements) => elements.map((element) => [element.textContent?.trim() ?? '', element.getAttribute('href') ?? '']));
}

test('the home page shows the banner, three services with pictures and the credits', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Home - City Service Portal');
  await expect(page.getByRole('heading', { level: 1, name: 'Service-Oriented System for Government Office Clients' })).toBeVisible();

  const services = page.getByRole('region', { name: 'Available Services' });
  await expect(services.getByRole('heading', { name: 'Available Services' })).toBeVisible();
  for (const name of ['Letters', 'Financial Obligations', 'Case Handling']) {
    const image = services.getByRole('img', { name, exact: true });
    await expect(image).toBeVisible();
    // A broken picture has no natural width.
    expect(await image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
  }

  // The credits name who made it and when; a value nobody configured is left out, never "not configured".
  const credits = page.getByRole('region', { name: 'Credits' });
  await expect(credits.getByText('Author', { exact: true })).toBeVisible();
  await expect(credits.getByText('2025', { exact: true })).toBeVisible();
  await expect(credits).not.toContainText(/not configured/i);
  for (const value of await credits.getByRole('definition').allTextContents()) expect(value.trim()).not.toBe('');
});

test('a visitor who is not logged in follows a service card to the login page', async ({ page }) => {
  await page.goto('/');
  expect(await serviceCardLinks(page)).toEqual([
    ['Log in to use Letters', '/login'],
    ['Log in to use Financial Obligations', '/login'],
    ['Log in to use Case Handling', '/login'],
  ]);
  await expectNoAxeViolations(page);
  // The whole card leads there, not only its link text.
  await page.getByRole('region', { name: 'Available Services' }).getByRole('listitem').first().click({ position: { x: 40, y: 40 } });
  await expect(page).toHaveURL(/\/login$/);
});

const cards: [string, Credentials, [string, string][]][] = [
  [
    'a citizen',
    demoAccounts.citizen,
    [
      ['Open Letter Service', '/user'],
      ['Open Financial Obligations', '/financial-obligations'],
      ['Open Case Service', '/createCase'],
    ],
  ],
  [
    'an employee',
    demoAccounts.employee,
    [
      ['Open Letter Service', '/employee'],
      ['Open Create Obligations', '/createObligations'],
      ['Open Create Case', '/createCase'],
    ],
  ],
  [
    'an administrator',
    demoAccounts.admin,
    [
      ['Open Employee Dashboard', '/employee'],
      ['Open Create Obligations', '/createObligations'],
      ['Open Case Resolutions', '/createCase'],
    ],
  ],
];

for (const [who, account, expected] of cards) {
  test(`${who} follows a service card to the screen of that service`, async ({ page }) => {
    await loginAs(page, account.username, account.password);
    await page.goto('/');
    expect(await serviceCardLinks(page)).toEqual(expected);
    const [, target] = expected[0] ?? ['', ''];
    await page.getByRole('region', { name: 'Available Services' }).getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(`${target}$`));
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Unauthorized');
  });
}
