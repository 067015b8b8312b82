import { caseMessages, letterMessages } from '@portal/contract';
import { expect, test, type Route } from '@playwright/test';
import { makePdf, pngBytes } from '../support/pdfs';
import { expectNoAxeViolations, loginAs, registerCitizen } from '../support/portal';

// Walk-through findings: after an action focus must not drop to <body> (a busy button stays
// focusable, a result that replaces the control takes focus), and a form's notifications do not
// pile up or outlive their cause.

/** Holds the requests `route` catches until `release()`: the busy state can be looked at. */
function holdRequests() {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let count = 0;
  const handler = async (route: Route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    count += 1;
    await held;
    await route.continue();
  };
  return { handler, release, count: () => count };
}

test('on a phone, sending a letter keeps focus on Submit while it is sent, then takes the reader to the proof of sending', async ({ page, request }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const citizen = await registerCitizen(request);
  await loginAs(page, citizen.username, citizen.password);
  await page.goto('/user');
  const form = page.getByRole('tabpanel', { name: 'Create a Letter' });
  await form.getByLabel('Subject', { exact: true }).fill('Broken bench in the park');
  await form.getByLabel('Body', { exact: true }).fill('The bench by the pond has a broken slat.');
  await form.getByLabel('Department', { exact: true }).selectOption('Parks and Recreation Department');

  const hold = holdRequests();
  await page.route('**/api/letters', hold.handler);
  const submit = form.getByRole('button', { name: 'Submit' });
  await submit.focus();
  await page.keyboard.press('Enter');
  const busy = form.getByRole('button', { name: 'Sending...' });
  await expect(busy).toHaveAttribute('aria-disabled', 'true');
  await expect(busy).toBeFocused();
  // Pressed again while busy: nothing more is sent.
  await page.keyboard.press('Enter');
  await expectNoAxeViolations(page);
  hold.release();

  await expect(page.getByRole('status').filter({ hasText: letterMessages.created })).toBeVisible();
  const proof = page.getByRole('region', { name: 'Proof of sending' });
  await expect(proof).toBeFocused();
  await expect(proof).toBeInViewport();
  expect(hold.count()).toBe(1);
  await expectNoAxeViolations(page);
});

test("the case form's 'Only PDF files are allowed.' goes once a valid PDF is chosen, and its outcomes replace each other", async ({ page, request }) => {
  test.setTimeout(60_000);
  const citizen = await registerCitizen(request);
  await loginAs(page, citizen.username, citizen.password);
  await page.goto('/createCase');
  await page.getByRole('tab', { name: 'Create' }).click();
  const drop = page.getByLabel('Drag and drop PDF files here or click to select files');
  const onlyPdf = page.locator('.notifications').getByText(caseMessages.onlyPdf);
  await drop.setInputFiles({ name: 'photo.pdf', mimeType: 'application/pdf', buffer: pngBytes() });
  await expect(onlyPdf).toBeVisible();
  await drop.setInputFiles({ name: 'contract.pdf', mimeType: 'application/pdf', buffer: await makePdf('Contract') });
  await expect(page.getByText('contract.pdf')).toBeVisible();
  await expect(onlyPdf).toHaveCount(0);

  // A refused file beside the valid one, then Submit: the case is sent, and only its outcome shows.
  await drop.setInputFiles({ name: 'photo.pdf', mimeType: 'application/pdf', buffer: pngBytes() });
  await expect(onlyPdf).toBeVisible();
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.locator('.notifications').getByText(caseMessages.created)).toBeVisible();
  await expect(onlyPdf).toHaveCount(0);
  await expect(page.locator('.notifications .notification')).toHaveCount(1);
  await expectNoAxeViolations(page);
});
