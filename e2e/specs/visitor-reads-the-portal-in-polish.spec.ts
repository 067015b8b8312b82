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

  test('a reader of Polish sees Polish from the first frame; a reader of English never downloads it', async ({ page }) => {
    const polishFiles: string[] = [];
    page.on('request', (request) => {
      if (/(i18n|common|messages)-pl-[\w-]+\.js$/.test(request.url())) polishFiles.push(request.url());
    });
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
    expect(polishFiles).toEqual([]);

    // The texts of every frame the page draws, from before its first render: none may be English.
    await page.addInitScript(() => {
      const frames: string[] = [];
      Object.assign(window, { portalTextsSeen: frames });
      new MutationObserver(() => frames.push(document.body?.innerText ?? '')).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.getByRole('button', { name: 'Polski' }).click();
    await expect(page.getByRole('button', { name: 'Zaloguj', exact: true })).toBeVisible();
    expect(polishFiles).not.toEqual([]);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Zaloguj', exact: true })).toBeVisible();
    const frames = await page.evaluate(() => (window as unknown as { portalTextsSeen: string[] }).portalTextsSeen);
    expect(frames.filter((text) => /Skip to main content|City Service Portal|Log in to start/.test(text))).toEqual([]);
  });
});
