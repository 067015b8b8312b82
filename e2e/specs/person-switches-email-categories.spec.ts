import { expect, test } from '@playwright/test';
import { demoAccounts, expectNoAxeViolations, loginAs } from '../support/portal';

// Issue 18: every email's footer links to this screen; each switch is saved at once.
test('a citizen switches obligation emails off and on again, in English and in Polish at 360 px', async ({ page }) => {
  await loginAs(page, demoAccounts.citizen.username, demoAccounts.citizen.password);
  await page.goto('/notification-settings');
  await expect(page.getByRole('heading', { name: 'Notification settings' })).toBeVisible();
  const obligations = page.getByRole('checkbox', { name: 'New obligations and payment reminders' });
  await expect(obligations).toBeChecked();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('notification-settings-1280.png'), fullPage: true });

  await obligations.uncheck();
  await expect(page.getByRole('status')).toHaveText('Saved.');
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'New obligations and payment reminders' })).not.toBeChecked();

  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByRole('button', { name: 'Polski' }).click();
  await expect(page.getByRole('heading', { name: 'Ustawienia powiadomień' })).toBeVisible();
  const polish = page.getByRole('checkbox', { name: 'Nowych należnościach i przypomnieniach o płatności' });
  await polish.check();
  await expect(page.getByRole('status')).toHaveText('Zapisano.');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('notification-settings-360-pl.png'), fullPage: true });
  await page.getByRole('button', { name: 'English' }).click();
});
