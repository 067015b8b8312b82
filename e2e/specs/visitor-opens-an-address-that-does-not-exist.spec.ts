import { commonMessages } from '@portal/contract';
import { expect, test } from '@playwright/test';
import { chooseLanguage, demoAccounts, expectNoAxeViolations, loginAs, mainNavigation, siteHeader } from '../support/portal';

// A visitor's error page is audited by axe in English and in Polish, and its heading, tab title,
// header and navigation checked, by person-opens-every-page-of-the-portal-in-their-role.spec.ts
// (at /no/such/page: the same screen). Here what that walk does not look at: the words, the
// answer's status and the links home. (It took in visitor-reaches-only-the-pages-for-their-role.spec.ts,
// which opened an unknown address for the same checks and followed the English link.)
test("an unknown address keeps the spec's heading, says the page does not exist and links home", async ({ page }) => {
  const response = await page.goto('/letters/42/edit');
  expect(response?.status()).toBe(200);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: commonMessages.unexpectedError })).toBeVisible();
  await expect(main).toContainText('The page you asked for does not exist.');
  await expect(page).toHaveTitle('Page not found - City Service Portal');
  await expect(mainNavigation(page).getByRole('link', { name: 'Home' })).toBeVisible();

  await main.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Available Services' })).toBeVisible();
  await page.goBack();

  await chooseLanguage(page, 'Polski');
  await expect(main).toContainText('Strona, której szukasz, nie istnieje.');

  await main.getByRole('link', { name: 'Przejdź na stronę główną' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Dostępne usługi' })).toBeVisible();
});

test('a signed-in person on an unknown address keeps the header with their name and the navigation', async ({ page }) => {
  await loginAs(page, demoAccounts.employee.username, demoAccounts.employee.password);
  await page.goto('/employee/archive/2020');
  await expect(page.getByRole('heading', { level: 1, name: commonMessages.unexpectedError })).toBeVisible();
  await expect(siteHeader(page)).toContainText('(Employee)');
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Create Obligations' })).toBeVisible();
  await expectNoAxeViolations(page);
});
