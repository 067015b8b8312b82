import { expect, test } from '@playwright/test';
import { demoAccounts, expectNoAxeViolations, loginAs, openAuthForms } from '../support/portal';

test.describe('axe finds no violations', () => {
  test('on the home page', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Available Services' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('on the home page at 360 px in Polish', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Polski' }).click();
    await expect(page.getByRole('heading', { name: 'Dostępne usługi' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('on the login welcome view', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByText('Log in to start using services')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  for (const tab of ['Login', 'Register', 'Reset'] as const) {
    test(`on the ${tab} tab with its messages shown`, async ({ page }) => {
      const submit = { Login: 'Log in', Register: 'Create account', Reset: 'Send reset link' }[tab];
      await openAuthForms(page);
      await page.getByRole('tab', { name: tab }).click();
      const panel = page.getByRole('tabpanel', { name: tab });
      await panel.getByRole('button', { name: submit }).click();
      await expect(panel.locator('[aria-invalid="true"]').first()).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }

  test('with a notification on screen', async ({ page }) => {
    await openAuthForms(page);
    await page.getByRole('tab', { name: 'Reset' }).click();
    await page.getByRole('tabpanel').getByLabel('Email', { exact: true }).fill('anna@example.org');
    await page.getByRole('tabpanel').getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('on the error page', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("on the 'Unauthorized' page of a logged-in citizen", async ({ page }) => {
    await loginAs(page, demoAccounts.citizen.username, demoAccounts.citizen.password);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Unauthorized' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
