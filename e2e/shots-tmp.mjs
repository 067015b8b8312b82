import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:3211';
const args = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args });
async function token(username, password) {
  const r = await fetch(`${base}/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  return (await r.json()).tokenJWT;
}
const lang = process.argv[2] ?? 'en';
for (const width of [1280, 360]) {
  const ctx = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
  await ctx.addInitScript((l) => localStorage.setItem('portal.language', l), lang);
  await ctx.addCookies([{ name: 'auth_token', value: await token('anowak', 'Citizen123'), url: base }]);
  const page = await ctx.newPage();
  await page.goto(`${base}/financial-obligations`);
  await page.getByRole('button', { name: /Property tax|Podatek/ }).first().waitFor().catch(() => {});
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/obl-shots/${lang}-list-${width}.png`, fullPage: true });
  await page.locator('.obligation-card').nth(5).click();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/obl-shots/${lang}-detail-${width}.png`, fullPage: true });
  await page.locator('.obligations__views button').nth(1).click();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/obl-shots/${lang}-chart-all-${width}.png`, fullPage: true });
  const select = page.locator('.chart-view__year select');
  const options = await select.locator('option').allTextContents();
  await select.selectOption({ index: options.length - 1 });
  await page.waitForTimeout(1000);
  await page.screenshot({ path: `/tmp/obl-shots/${lang}-chart-year-${width}.png`, fullPage: true });
  await ctx.clearCookies();
  await ctx.addCookies([{ name: 'auth_token', value: await token('jkowalski', 'Employee123'), url: base }]);
  await page.goto(`${base}/createObligations`);
  await page.waitForTimeout(1500);
  await page.locator('.labels__toggle').first().click();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/obl-shots/${lang}-create-${width}.png`, fullPage: true });
  await page.locator('.user-list__user').first().click();
  await page.getByRole('button', { name: /Create Obligation|Utwórz zobowiązanie/ }).click();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/obl-shots/${lang}-create-errors-${width}.png`, fullPage: true });
  await ctx.close();
}
await browser.close();
