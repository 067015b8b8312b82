import { expect, test } from '@playwright/test';

test('the home page shows the banner, three services with pictures and the credits', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('City Service Portal');
  await expect(page.getByRole('heading', { level: 1, name: 'Service-Oriented System for Government Office Clients' })).toBeVisible();

  const services = page.getByRole('region', { name: 'Available Services' });
  await expect(services.getByRole('heading', { name: 'Available Services' })).toBeVisible();
  for (const name of ['Letters', 'Financial Obligations', 'Case Handling']) {
    const image = services.getByRole('img', { name, exact: true });
    await expect(image).toBeVisible();
    // A broken picture has no natural width.
    expect(await image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
  }

  const credits = page.getByRole('region', { name: 'Credits' });
  await expect(credits.getByText('Author', { exact: true })).toBeVisible();
  await expect(credits.getByText('University', { exact: true })).toBeVisible();
  await expect(credits.getByText('2025', { exact: true })).toBeVisible();
});
