import { commonMessages } from '@portal/contract';
import { expect, test } from '@playwright/test';
import { mainNavigation } from '../support/portal';

// Which page each role reaches and which says 'Unauthorized' is checked, page by page, by
// person-opens-every-page-of-the-portal-in-their-role.spec.ts.

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
