import { expect, test } from '@playwright/test';

// The navigation, tab titles and header in Polish, live and after a reload, are checked on every page by
// person-opens-every-page-of-the-portal-in-their-role.spec.ts.
test.describe('choosing Polish', () => {
  test('shows the form messages in Polish', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Polski' }).click();
    await page.getByRole('button', { name: 'Zaloguj', exact: true }).click();
    await page.getByRole('tabpanel').getByRole('button', { name: 'Zaloguj się' }).click();
    await expect(page.getByLabel('Nazwa użytkownika', { exact: true })).toHaveAccessibleDescription('Nazwa użytkownika jest wymagana');
    await expect(page.getByLabel('Hasło', { exact: true })).toHaveAccessibleDescription('Hasło jest wymagane');
  });
});
