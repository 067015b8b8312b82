import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { uniqueTag, useLanguage } from '../support/letters';
import { expectNoAxeViolations, loginAs, registerCitizen } from '../support/portal';

// Issue 20: a citizen sends a letter, downloads its signed receipt from the proof of sending, and
// anyone can check it on the public /verify page; a changed copy is refused.

test('a citizen downloads the receipt of a letter and /verify confirms it; a changed copy is refused (pl)', async ({ page, request }) => {
  test.setTimeout(90_000);
  const citizen = await registerCitizen(request);
  await useLanguage(page, 'pl');
  await loginAs(page, citizen.username, citizen.password);
  await page.goto('/user');

  const subject = `Dziura w jezdni ${uniqueTag()}`;
  const form = page.getByRole('tabpanel', { name: 'Napisz pismo' });
  await form.getByLabel('Temat', { exact: true }).fill(subject);
  await form.getByLabel('Treść', { exact: true }).fill('Proszę o naprawę nawierzchni na ul. Źródlanej.');
  await form.getByLabel('Wydział', { exact: true }).selectOption('Public Works Department');
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/letters' && response.request().method() === 'POST');
  await form.getByRole('button', { name: 'Wyślij' }).click();
  const { letterId } = (await (await answer).json()) as { letterId: number };

  const proof = page.getByRole('region', { name: 'Potwierdzenie wysłania' });
  const downloadButton = proof.getByRole('button', { name: 'Pobierz potwierdzenie (PDF)' });
  await expect(downloadButton).toBeVisible();
  await expectNoAxeViolations(page);
  await proof.screenshot({ path: test.info().outputPath('proof-of-sending-1280.png') });
  const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
  expect(download.suggestedFilename()).toBe(`receipt-L-${letterId}.pdf`);
  const receipt = await readFile(await download.path());
  expect(receipt.subarray(0, 5).toString()).toBe('%PDF-');

  // The public page: no sign-in needed.
  await page.context().clearCookies();
  await page.goto('/verify');
  await expect(page.getByRole('heading', { level: 1, name: 'Sprawdź potwierdzenie' })).toBeVisible();
  const input = page.getByLabel('Przeciągnij tutaj potwierdzenie w PDF lub kliknij, aby wybrać plik');
  await input.setInputFiles({ name: 'potwierdzenie.pdf', mimeType: 'application/pdf', buffer: receipt });
  const result = page.getByRole('status');
  await expect(result.getByRole('heading', { name: 'Potwierdzenie autentyczne' })).toBeVisible();
  await expect(result).toContainText('Podpis należy do urzędu.');
  await expect(result).toContainText('Dokument nie został zmieniony od podpisania.');
  await expect(result).toContainText('Potwierdzenie figuruje w rejestrach urzędu.');
  await expect(result).toContainText(`Potwierdza: wysłanie pisma, numer L-${letterId}`);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('verify-genuine-1280.png'), fullPage: true });

  const changed = Buffer.from(receipt);
  const at = changed.indexOf('/Producer') + 2;
  changed[at] = (changed[at] ?? 0) ^ 1;
  await input.setInputFiles({ name: 'zmienione.pdf', mimeType: 'application/pdf', buffer: changed });
  await expect(result.getByRole('heading', { name: 'To nie jest autentyczne potwierdzenie' })).toBeVisible();
  await expect(result).toContainText('Dokument został zmieniony po podpisaniu.');

  await page.setViewportSize({ width: 360, height: 780 });
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('verify-changed-360.png'), fullPage: true });
});

test('/verify explains a file that is not a PDF, in English, at 1280 and 360 px', async ({ page }) => {
  await useLanguage(page, 'en');
  await page.goto('/verify');
  await expect(page.getByRole('heading', { level: 1, name: 'Verify a receipt' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page
    .getByLabel('Drag and drop a receipt PDF here or click to choose a file')
    .setInputFiles({ name: 'photo.pdf', mimeType: 'application/pdf', buffer: Buffer.from('\u0089PNG not a pdf') });
  const result = page.getByRole('status');
  await expect(result.getByRole('heading', { name: 'Not a genuine receipt' })).toBeVisible();
  await expect(result).toContainText('The file is not a PDF.');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('verify-not-pdf-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 360, height: 780 });
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('verify-not-pdf-360.png'), fullPage: true });
});
