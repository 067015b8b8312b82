import { expect, test } from '@playwright/test';
import { demoAccounts, loginAs, mainNavigation, navigationLinks } from '../support/portal';

test.describe('the top navigation follows who is visiting', () => {
  test('a visitor who is not logged in sees Home and Login', async ({ page }) => {
    await page.goto('/');
    expect(await navigationLinks(page)).toEqual([
      ['Home', '/'],
      ['Login', '/login'],
    ]);
  });

  test('a citizen sees Letter Service, Financial Obligations and Case Service', async ({ page }) => {
    await loginAs(page, demoAccounts.citizen.username, demoAccounts.citizen.password);
    await page.goto('/');
    await expect(mainNavigation(page).getByRole('link', { name: 'Letter Service' })).toBeVisible();
    expect(await navigationLinks(page)).toEqual([
      ['Home', '/'],
      ['Letter Service', '/user'],
      ['Financial Obligations', '/financial-obligations'],
      ['Case Service', '/createCase'],
      ['Login', '/login'],
    ]);
  });

  test('an employee sees Letter Service, Create Obligations and Create Case', async ({ page }) => {
    await loginAs(page, demoAccounts.employee.username, demoAccounts.employee.password);
    await page.goto('/');
    await expect(mainNavigation(page).getByRole('link', { name: 'Create Obligations' })).toBeVisible();
    expect(await navigationLinks(page)).toEqual([
      ['Home', '/'],
      ['Letter Service', '/employee'],
      ['Create Obligations', '/createObligations'],
      ['Create Case', '/createCase'],
      ['Login', '/login'],
    ]);
  });

  test('an administrator sees Manage Employees', async ({ page }) => {
    await loginAs(page, demoAccounts.admin.username, demoAccounts.admin.password);
    await page.goto('/');
    await expect(mainNavigation(page).getByRole('link', { name: 'Manage Employees' })).toBeVisible();
    expect(await navigationLinks(page)).toEqual([
      ['Home', '/'],
      ['Manage Employees', '/admin'],
      ['Login', '/login'],
    ]);
  });

  test('the link of the current page is marked and following a link changes it', async ({ page }) => {
    await loginAs(page, demoAccounts.citizen.username, demoAccounts.citizen.password);
    await page.goto('/');
    const nav = mainNavigation(page);
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');

    await nav.getByRole('link', { name: 'Financial Obligations' }).click();

    await expect(page).toHaveURL(/\/financial-obligations$/);
    await expect(nav.getByRole('link', { name: 'Financial Obligations' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');
  });

  test('on a 360 px wide phone the links open from the Menu button, without horizontal scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await loginAs(page, demoAccounts.citizen.username, demoAccounts.citizen.password);
    await page.goto('/');
    await mainNavigation(page).getByRole('button', { name: 'Menu' }).click();
    await expect(mainNavigation(page).getByRole('link', { name: 'Case Service' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
