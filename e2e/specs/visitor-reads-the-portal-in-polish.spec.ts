import { expect, test } from '@playwright/test';
import { demoAccounts, loginAs, navigationLinks } from '../support/portal';

test.describe('choosing Polish', () => {
  test('changes the navigation and the page language and is remembered after reload', async ({ page }) => {
    await loginAs(page, demoAccounts.employee.username, demoAccounts.employee.password);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await page.getByRole('button', { name: 'Polski' }).click();

    await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
    await expect(page.getByRole('button', { name: 'Polski' })).toHaveAttribute('aria-pressed', 'true');
    const polish = [
      ['Strona główna', '/'],
      ['Obsługa pism', '/employee'],
      ['Tworzenie zobowiązań', '/createObligations'],
      ['Sprawy', '/createCase'],
      ['Logowanie', '/login'],
    ];
    await expect(page.getByRole('navigation', { name: 'Nawigacja główna' }).getByRole('link', { name: 'Sprawy' })).toBeVisible();
    expect(await navigationLinks(page, 'Nawigacja główna')).toEqual(polish);

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
    await expect(page.getByRole('heading', { name: 'Dostępne usługi' })).toBeVisible();
    expect(await navigationLinks(page, 'Nawigacja główna')).toEqual(polish);

    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { name: 'Available Services' })).toBeVisible();
  });

  test('shows the form messages in Polish', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Polski' }).click();
    await page.getByRole('button', { name: 'Zaloguj', exact: true }).click();
    await page.getByRole('tabpanel').getByRole('button', { name: 'Zaloguj się' }).click();
    await expect(page.getByLabel('Nazwa użytkownika', { exact: true })).toHaveAccessibleDescription('Nazwa użytkownika jest wymagana');
    await expect(page.getByLabel('Hasło', { exact: true })).toHaveAccessibleDescription('Hasło jest wymagane');
  });
});
