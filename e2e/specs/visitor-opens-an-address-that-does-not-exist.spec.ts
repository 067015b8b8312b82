import { commonMessages } from '@portal/contract';
import { expect, test } from '@playwright/test';
import { chooseLanguage, demoAccounts, expectNoAxeViolations, loginAs, siteHeader } from '../support/portal';

test("an unknown address keeps the spec's heading, says the page does not exist and links home", async ({ page }) => {
  await page.goto('/letters/42/edit');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: commonMessages.unexpectedError })).toBeVisible();
  await expect(main).toContainText('The page you asked for does not exist.');
  await expect(page).toHaveTitle('Page not found - City Service Portal');
  await expectNoAxeViolations(page);

  await chooseLanguage(page, 'Polski');
  await expect(main).toContainText('Strona, której szukasz, nie istnieje.');
  await expectNoAxeViolations(page);

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
