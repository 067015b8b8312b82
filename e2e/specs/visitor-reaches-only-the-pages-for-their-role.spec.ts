import { commonMessages } from '@portal/contract';
import { expect, test } from '@playwright/test';
import { demoAccounts, loginAs, mainNavigation } from '../support/portal';

test.describe('pages a visitor may not see', () => {
  test("a citizen opening the employee dashboard reads 'Unauthorized'", async ({ page }) => {
    await loginAs(page, demoAccounts.citizen.username, demoAccounts.citizen.password);
    await page.goto('/employee');
    await expect(page.getByRole('heading', { level: 1, name: commonMessages.unauthorized })).toBeVisible();
  });

  for (const path of ['/admin', '/createObligations']) {
    test(`an employee opening ${path === '/admin' ? 'the admin dashboard' : path} reads 'Unauthorized' only for admin pages`, async ({ page }) => {
      await loginAs(page, demoAccounts.employee.username, demoAccounts.employee.password);
      await page.goto(path);
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toBeVisible();
      if (path === '/admin') await expect(heading).toHaveText(commonMessages.unauthorized);
      else await expect(heading).not.toHaveText(commonMessages.unauthorized);
    });
  }

  test("a visitor who is not logged in reads 'Unauthorized' on every guarded page", async ({ page }) => {
    for (const path of ['/user', '/employee', '/financial-obligations', '/admin', '/createObligations', '/createCase']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: commonMessages.unauthorized }), path).toBeVisible();
    }
  });

  test('an administrator reaches the admin, employee and citizen pages', async ({ page }) => {
    await loginAs(page, demoAccounts.admin.username, demoAccounts.admin.password);
    for (const path of ['/admin', '/employee', '/user', '/financial-obligations', '/createObligations', '/createCase']) {
      await page.goto(path);
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading, path).toBeVisible();
      await expect(heading, path).not.toHaveText(commonMessages.unauthorized);
    }
  });
});

test.describe('an address that does not exist', () => {
  test("shows 'Unexpected Application Error!' with the navigation still there", async ({ page }) => {
    const response = await page.goto('/this/page/does-not-exist');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: commonMessages.unexpectedError })).toBeVisible();
    await expect(mainNavigation(page).getByRole('link', { name: 'Home' })).toBeVisible();

    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Available Services' })).toBeVisible();
  });
});
