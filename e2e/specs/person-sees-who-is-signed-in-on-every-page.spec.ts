import { expect, test } from '@playwright/test';
import { demoAccounts, loginAs, siteHeader } from '../support/portal';

// Who the header names on every page, in English and in Polish, is checked by
// person-opens-every-page-of-the-portal-in-their-role.spec.ts; here its Logout.

test("Logout in the header removes the cookie and the reloaded page is anonymous, like the welcome view's", async ({ page }) => {
  await loginAs(page, demoAccounts.citizen.username, demoAccounts.citizen.password);
  await page.goto('/user');
  await expect(page.getByRole('heading', { level: 1, name: 'User Dashboard' })).toBeVisible();

  const reloaded = page.waitForEvent('load');
  await siteHeader(page).getByRole('button', { name: 'Logout', exact: true }).click();
  await reloaded;

  expect((await page.context().cookies()).some((cookie) => cookie.name === 'auth_token')).toBe(false);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to continue' })).toBeVisible();
  await expect(siteHeader(page).getByRole('link', { name: 'Log in', exact: true })).toBeVisible();
  await expect(siteHeader(page).getByRole('button', { name: 'Logout' })).toHaveCount(0);
});
