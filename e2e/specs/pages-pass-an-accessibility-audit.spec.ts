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

  // The Register tab with its messages shown: audited at 1280 and at 360 px by
  // person-gets-feedback-where-it-is-needed.spec.ts, which submits it empty as this did.
  for (const tab of ['Login', 'Reset'] as const) {
    test(`on the ${tab} tab with its messages shown`, async ({ page }) => {
      const submit = { Login: 'Log in', Reset: 'Send reset link' }[tab];
      await openAuthForms(page);
      await page.getByRole('tab', { name: tab }).click();
      const panel = page.getByRole('tabpanel', { name: tab });
      await panel.getByRole('button', { name: submit }).click();
      await expect(panel.locator('[aria-invalid="true"]').first()).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }

  // With a notification on screen (the Reset tab's 'Password reset link sent'): audited at 1280 and
  // at 360 px by visitor-reads-notifications-without-losing-the-navigation.spec.ts.
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
