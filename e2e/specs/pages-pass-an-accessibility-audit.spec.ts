import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, openAuthForms } from '../support/portal';

// Every page of every role, in English and in Polish, is audited by
// person-opens-every-page-of-the-portal-in-their-role.spec.ts; here the states a walk does not reach.
test.describe('axe finds no violations', () => {
  test('on the home page at 360 px in Polish', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Polski' }).click();
    await expect(page.getByRole('heading', { name: 'Dostępne usługi' })).toBeVisible();
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
    await expect(page.getByRole('status').filter({ hasText: 'Password reset link sent to anna@example.org' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

// The audit every spec relies on must itself find what it is for, in both of the ways it runs: on a
// page without frames (directly) and on one with a frame (each frame apart, then combined).
test.describe('the audit finds violations', () => {
  test('on a page: an image without a text alternative and a field without a label', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.locator('main').evaluate((main) => main.insertAdjacentHTML('beforeend', '<img src="/favicon.svg"><input type="text">'));
    await expect(expectNoAxeViolations(page)).rejects.toThrow(/image-alt[\s\S]*label|label[\s\S]*image-alt/);
  });

  test('inside a frame of the page', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.locator('main').evaluate((main) => main.insertAdjacentHTML('beforeend', '<iframe title="Planted" srcdoc="<html lang=en><title>x</title><img src=x>"></iframe>'));
    await expect.poll(() => page.frames().length).toBe(2);
    await expect(expectNoAxeViolations(page)).rejects.toThrow(/image-alt/);
  });
});
