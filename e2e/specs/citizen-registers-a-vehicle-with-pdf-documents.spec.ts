import { readFile } from 'node:fs/promises';
import { caseMessages } from '@portal/contract';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { makePdf, pngBytes } from '../support/pdfs';
import { expectFieldMessage, expectNoAxeViolations, loginAs, registerCitizen } from '../support/portal';

const DROP_AREA = 'Drag and drop PDF files here or click to select files';
const pdfFile = (name: string, buffer: Buffer) => ({ name, mimeType: 'application/pdf', buffer });

/** How many pixels of the canvas are clearly not white: a drawn page has text and a dark bar. */
function inkedPixels(canvas: Locator): Promise<number> {
  return canvas.evaluate((element) => {
    const drawn = element as HTMLCanvasElement;
    const context = drawn.getContext('2d');
    if (!context || drawn.width === 0 || drawn.height === 0) return 0;
    const { data } = context.getImageData(0, 0, drawn.width, drawn.height);
    let inked = 0;
    for (let i = 0; i < data.length; i += 4) if ((data[i] ?? 255) < 128 && (data[i + 1] ?? 255) < 128 && (data[i + 2] ?? 255) < 160) inked += 1;
    return inked;
  });
}

/** Opens 'Show PDF' of `name`, checks the modal and that its first page is drawn, then closes it. */
async function showPdf(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: `Show PDF ${name}` }).click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name })).toBeVisible();
  await expect(dialog.getByText('Pages: 1')).toBeVisible({ timeout: 15_000 });
  await expect(dialog.getByRole('group', { name: 'Page 1 of 1' })).toBeVisible();
  await expect.poll(() => inkedPixels(dialog.locator('canvas').first()), { timeout: 15_000 }).toBeGreaterThan(2_000);
  // The text layer carries the words over the drawing (selectable, read aloud).
  await expect(dialog.locator('.textLayer')).toContainText(name.replace(/\.pdf$/, ''));
}

test.describe('a citizen registers a vehicle with PDF documents', () => {
  test('creates the case with two PDFs, watches them upload, then reads and downloads them', async ({ page, request }) => {
    test.setTimeout(120_000);
    const citizen = await registerCitizen(request);
    await loginAs(page, citizen.username, citizen.password);
    await page.goto('/createCase');

    // The page: heading, Create and List with List first, and nothing submitted yet.
    await expect(page.getByRole('heading', { level: 1, name: 'Case Resolutions' })).toBeVisible();
    await expect(page.getByRole('tab')).toHaveText(['Create', 'List']);
    await expect(page.getByRole('tab', { name: 'List' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: 'Pending Case Resolutions' })).toBeVisible();
    await expect(page.getByText('No cases are waiting for a decision.')).toBeVisible();
    await expectNoAxeViolations(page);

    // The form: vehicle fields only for a vehicle registration, checked on each change.
    await page.getByRole('tab', { name: 'Create' }).click();
    const form = page.getByRole('tabpanel', { name: 'Create' });
    await expect(form.getByLabel('Number plate')).toHaveCount(0);
    await form.getByLabel('Case type').selectOption({ label: 'Vehicle registration' });
    await expect(form.getByRole('group', { name: 'Vehicle' })).toBeVisible();
    // Typed in lower case, the plate becomes capitals; too short, it breaks the spec's rule.
    await form.getByLabel('Number plate').fill('kr 1');
    await expect(form.getByLabel('Number plate')).toHaveValue('KR 1');
    await expectFieldMessage(form, 'Number plate', caseMessages.plateInvalid);
    await form.getByLabel('VIN').fill('TMBJJ7NE8K012345');
    await expectFieldMessage(form, 'VIN', caseMessages.vinLength);
    await form.getByLabel('VIN').fill('');
    await expectFieldMessage(form, 'VIN', caseMessages.vinRequired);
    await form.getByLabel('Year of manufacture').fill('1885');
    await expectFieldMessage(form, 'Year of manufacture', caseMessages.yearInvalid);

    // Submitting with errors: the alert and every remaining message under its field.
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert').filter({ hasText: caseMessages.fixErrors })).toBeVisible();
    await expectFieldMessage(form, 'Make', caseMessages.makeRequired);
    await expectFieldMessage(form, 'Model', caseMessages.modelRequired);
    await expectFieldMessage(form, 'Registration date', caseMessages.registrationDateRequired);
    await expectFieldMessage(form, 'Color', caseMessages.colorRequired);
    await expectNoAxeViolations(page);

    await form.getByLabel('Number plate').fill('kr 12345');
    await expect(form.getByLabel('Number plate')).toHaveValue('KR 12345');
    await form.getByLabel('VIN').fill('TMBJJ7NE8K0123456');
    await form.getByLabel('Make').fill('Skoda');
    await form.getByLabel('Model').fill('Octavia');
    await form.getByLabel('Year of manufacture').fill('2019');
    await form.getByLabel('Registration date').fill('2024-05-02');
    await form.getByLabel('Color').fill('Blue');
    await form.getByLabel('Vehicle type').selectOption({ label: 'SUV' });
    await form.getByLabel('Comments').fill('Bought from a dealer in Kraków.');
    for (const label of ['Number plate', 'VIN', 'Make', 'Year of manufacture']) {
      await expect(form.getByLabel(label, { exact: true })).not.toHaveAttribute('aria-invalid', 'true');
    }

    // A PNG named .pdf is refused by its bytes.
    const dropInput = form.getByLabel(DROP_AREA);
    await dropInput.setInputFiles({ name: 'photo.pdf', mimeType: 'application/pdf', buffer: pngBytes() });
    await expect(page.getByRole('alert').filter({ hasText: caseMessages.onlyPdf })).toBeVisible();
    await expect(form.getByText('Uploaded Files:')).toHaveCount(0);

    // Two PDFs, one chosen with the keyboard and one with a click; a third is added and removed.
    const purchase = await makePdf('Purchase contract', { paddingBytes: 96 * 1024 });
    const insurance = await makePdf('Insurance policy', { paddingBytes: 96 * 1024 });
    await dropInput.focus();
    let chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Enter');
    await (await chooser).setFiles(pdfFile('Purchase contract.pdf', purchase));
    chooser = page.waitForEvent('filechooser');
    await form.getByText(DROP_AREA).click();
    await (await chooser).setFiles([pdfFile('Insurance policy.pdf', insurance), pdfFile('Old scan.pdf', await makePdf('Old scan'))]);
    const files = form.getByRole('region', { name: 'Uploaded Files:' });
    await expect(files.getByRole('listitem')).toHaveCount(3);
    await files.getByRole('button', { name: 'Remove Old scan.pdf' }).click();
    await expect(files.getByRole('listitem')).toHaveCount(2);
    await expect(files.getByRole('listitem').nth(0)).toContainText('Purchase contract.pdf');
    await expect(files.getByRole('listitem').nth(1)).toContainText('Insurance policy.pdf');
    await expectNoAxeViolations(page);

    // Submit on a slow connection: the case goes first, then each file with its progress bar.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 64 * 1024 });
    const requests: string[] = [];
    page.on('request', (sent) => {
      const path = new URL(sent.url()).pathname;
      if (sent.method() === 'POST' && path.startsWith('/api/case-resolution/')) requests.push(path);
    });
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    const firstBar = form.getByRole('progressbar', { name: 'Upload of Purchase contract.pdf' });
    const secondBar = form.getByRole('progressbar', { name: 'Upload of Insurance policy.pdf' });
    await expect(firstBar).toBeVisible();
    await expect(secondBar).toBeVisible();
    // Part-way: each bar shows a share of its file sent, not just "before" and "after".
    const partWay = async (bar: Locator) => {
      const value = Number(await bar.getAttribute('value'));
      return value > 0 && value < 100;
    };
    await expect.poll(() => partWay(firstBar), { timeout: 15_000, intervals: [50] }).toBe(true);
    await expect.poll(() => partWay(secondBar), { timeout: 20_000, intervals: [50] }).toBe(true);
    await expect(page.getByRole('status').filter({ hasText: caseMessages.created })).toBeVisible({ timeout: 30_000 });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    expect(requests[0]).toBe('/api/case-resolution/create/VehicleRegistration');
    expect(requests.slice(1)).toEqual([expect.stringMatching(/\/add-document$/), expect.stringMatching(/\/add-document$/)]);

    // The new case, named by its type and plate: once, in the spec's pending list, and its details open with both documents.
    await expect(page.getByRole('tab', { name: 'List' })).toHaveAttribute('aria-selected', 'true');
    const caseNumber = 'Vehicle registration - KR 12345';
    await expect(page.locator('.case-details h2')).toHaveText(caseNumber);
    const pending = page.getByRole('list', { name: 'Pending Case Resolutions' }).getByRole('listitem').filter({ hasText: caseNumber });
    // With the date it was sent, so two applications for the same plate can be told apart.
    // First its one reference (C-4), as its receipts, emails and bell entries name it (issue 31).
    await expect(pending.getByRole('term')).toHaveText(['Case reference', 'Type', 'Status', 'Submitted']);
    await expect(pending.getByRole('definition')).toHaveText([/^C-\d+$/, 'Vehicle registration', 'Pending', /^\d{1,2} \w+ \d{4} at \d{2}:\d{2}$/]);
    await expect(pending.getByRole('button', { name: 'See Details' })).toBeVisible();
    await expect(page.getByText('None of your cases is being handled or decided yet.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'See Details' })).toHaveCount(1);

    const details = page.getByRole('article', { name: caseNumber });
    const facts = details.locator('> dl');
    await expect(facts.getByRole('term')).toHaveText(['Case reference', 'Case type', 'Status', 'Submission date', 'Comments']);
    // The same reference in the list and the details.
    await expect(facts.getByRole('definition').nth(0)).toHaveText((await pending.getByRole('definition').nth(0).textContent()) ?? 'none');
    await expect(facts.getByRole('definition').nth(1)).toHaveText('Vehicle registration');
    await expect(facts.getByRole('definition').nth(2)).toHaveText('Pending');
    await expect(facts.getByRole('definition').nth(3)).toHaveText(/\d{4}/);
    await expect(facts.getByRole('definition').nth(4)).toHaveText('Bought from a dealer in Kraków.');
    const vehicle = details.getByRole('region', { name: 'Vehicle registration details' });
    await expect(vehicle).toContainText('KR 12345');
    await expect(vehicle).toContainText('TMBJJ7NE8K0123456');
    await expect(vehicle).toContainText('SUV');
    await expect(vehicle).toContainText('2 May 2024');
    const documents = details.getByRole('region', { name: 'Documents' }).getByRole('listitem');
    await expect(documents).toHaveCount(2);
    await expect(documents.nth(0)).toContainText('Purchase contract.pdf');
    await expect(documents.nth(1)).toContainText('Insurance policy.pdf');
    await expect(details.getByRole('button', { name: /^Show PDF/ })).toHaveCount(2);
    await expect(details.getByRole('button', { name: /^Download PDF/ })).toHaveCount(2);
    await expectNoAxeViolations(page);

    // Show PDF: the modal titled with the document's name draws its first page; Close closes it.
    await showPdf(page, 'Purchase contract.pdf');
    await expectNoAxeViolations(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Download PDF saves exactly the bytes that were uploaded.
    const downloaded = page.waitForEvent('download');
    await details.getByRole('button', { name: 'Download PDF Insurance policy.pdf' }).click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe('Insurance policy.pdf');
    expect((await readFile(await download.path())).equals(insurance)).toBe(true);

    // The same on a phone.
    await page.setViewportSize({ width: 360, height: 800 });
    await expect(details).toBeVisible();
    await expectNoAxeViolations(page);
    await showPdf(page, 'Insurance policy.pdf');
    await expectNoAxeViolations(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await page.getByRole('tab', { name: 'Create' }).click();
    await expectNoAxeViolations(page);
  });

  test('a case without comments or documents says so', async ({ page, request }) => {
    const citizen = await registerCitizen(request);
    const token = await loginAs(page, citizen.username, citizen.password);
    const created = await request.post('/api/case-resolution/create/VehicleRegistration', {
      headers: { Authorization: `Bearer ${token}` },
      data: { caseResolutionDTO: { caseType: 'IDENTITY_CARD' } },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    await page.goto('/createCase');
    await page.getByRole('list', { name: 'Pending Case Resolutions' }).getByRole('listitem').filter({ hasText: `Identity card - case ${id}` }).getByRole('button', { name: 'See Details' }).click();
    const details = page.getByRole('article', { name: `Identity card - case ${id}` });
    await expect(details).toContainText('Identity card');
    await expect(details.getByText(caseMessages.noComments, { exact: true })).toBeVisible();
    await expect(details.getByText(caseMessages.noDocuments, { exact: true })).toBeVisible();
    await expect(details.getByRole('region', { name: 'Vehicle registration details' })).toHaveCount(0);
    // A citizen changes no status.
    await expect(details.getByLabel('Change status to')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("says 'An error occurred while creating the case resolution.' when the case cannot be created", async ({ page, request }) => {
    const citizen = await registerCitizen(request);
    await loginAs(page, citizen.username, citizen.password);
    await page.goto('/createCase');
    await page.getByRole('tab', { name: 'Create' }).click();
    const form = page.getByRole('tabpanel', { name: 'Create' });
    await form.getByLabel('Case type').selectOption({ label: 'Building permit' });
    await form.getByLabel('Comments').fill('An extension of the garage.');
    // The connection drops: the case is not created and no file goes out.
    await page.route('**/api/case-resolution/create/VehicleRegistration', (route) => route.abort('connectionreset'));
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert').filter({ hasText: caseMessages.createError })).toBeVisible();
    // What the citizen typed is still there to try again.
    await expect(form.getByLabel('Comments')).toHaveValue('An extension of the garage.');
    await expectNoAxeViolations(page);
  });
});
