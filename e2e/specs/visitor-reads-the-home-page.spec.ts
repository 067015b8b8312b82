import { expect, test } from '@playwright/test';

test('the home page shows the banner, three services with pictures and the credits', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Home - City Service Portal');
  await expect(page.getByRole('heading', { level: 1, name: 'Service-Oriented System for Government Office Clients' })).toBeVisible();

  const services = page.getByRole('region', { name: 'Available Services' });
  await expect(services.getByRole('heading', { name: 'Available Services' })).toBeVisible();
  for (const name of ['Letters', 'Financial Obligations', 'Case Handling']) {
    const image = services.getByRole('img', { name, exact: true });
    await expect(image).toBeVisible();
    // A broken picture has no natural width.
    expect(await image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
  }

  // The credits name who made it and when; a value nobody configured is left out, never "not configured".
  const credits = page.getByRole('region', { name: 'Credits' });
  await expect(credits.getByText('Author', { exact: true })).toBeVisible();
  await expect(credits.getByText('2025', { exact: true })).toBeVisible();
  await expect(credits).not.toContainText(/not configured/i);
  for (const value of await credits.getByRole('definition').allTextContents()) expect(value.trim()).not.toBe('');
});

// The service cards of a visitor, a citizen, an employee and an administrator, and where the first
// leads, are checked by person-opens-every-page-of-the-portal-in-their-role.spec.ts, which opens the
// home page as each of them anyway (these were four tests of their own).
