import { caseMessages, caseMessagesPl, type CaseDetailsResponse, type ConversationResponse } from '@portal/contract';
import { expect, test, type Page } from '@playwright/test';
import { apiSession, useLanguage, writeLetter } from '../support/letters';
import { demoAccounts, expectNoAxeViolations, loginAs, registerCitizen, submitVehicleCase } from '../support/portal';

// Issue 32 points 3 and 4: a case submission ends on a confirmation with its reference, the day the
// office must decide by, what happens next and the receipt; the letter and case screens show the
// day the office owes its answer. The dates are the server's (KPA terms in Europe/Warsaw): the
// screens must show the day the API answers, spelled out ("3 January 2027" / "3 stycznia 2027").

const EN_DATE = /^\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/;
const PL_MONTHS_GENITIVE = '(stycznia|lutego|marca|kwietnia|maja|czerwca|lipca|sierpnia|września|października|listopada|grudnia)';
const PL_DATE = new RegExp(`^\\d{1,2} ${PL_MONTHS_GENITIVE} \\d{4}$`);

async function dueDateOfCase(page: Page, caseId: number): Promise<string | null> {
  const answer = await page.request.get(`/api/case-resolution/details/${caseId}`);
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as CaseDetailsResponse).caseResolutionDTO.dueDate;
}

async function submitOtherCase(page: Page, words: { create: string; caseType: string; other: string; submit: string }): Promise<void> {
  await page.goto('/createCase');
  await page.getByRole('tab', { name: words.create }).click();
  const form = page.getByRole('tabpanel', { name: words.create });
  await form.getByLabel(words.caseType).selectOption({ label: words.other });
  await form.getByRole('button', { name: words.submit }).click();
}

for (const width of [1280, 360]) {
  test(`a citizen submits a case and keeps its confirmation, at ${width} px`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
    const citizen = await registerCitizen(request);
    await loginAs(page, citizen.username, citizen.password);
    await submitOtherCase(page, { create: 'Create', caseType: 'Case type', other: 'Other', submit: 'Submit' });

    // The spec's alert stays, and the confirmation is where the reader is taken.
    // The submission signs its receipt on the server: on a busy machine that takes a few seconds.
    await expect(page.getByRole('status').filter({ hasText: caseMessages.created })).toBeVisible({ timeout: 20_000 });
    const confirmation = page.getByRole('region', { name: 'Case submitted' });
    await expect(confirmation).toBeFocused();
    await expect(confirmation.getByRole('term')).toHaveText(['Reference', 'Submitted', 'Case', 'Decision due by']);
    const reference = (await confirmation.getByRole('definition').nth(0).textContent()) ?? '';
    expect(reference).toMatch(/^C-\d+$/);
    const caseId = Number(reference.slice(2));
    await expect(confirmation.getByRole('definition').nth(2)).toHaveText(`Other - case ${caseId}`);
    const due = confirmation.getByRole('definition').nth(3).locator('time');
    await expect(due).toHaveText(EN_DATE);
    // The day the server computed, not one of the browser's.
    await expect(due).toHaveAttribute('datetime', (await dueDateOfCase(page, caseId)) ?? 'missing');
    await expect(confirmation).toContainText('What happens next: a clerk checks your case');
    // The signed receipt of the submission, under the case's reference.
    const downloaded = page.waitForEvent('download');
    await confirmation.getByRole('button', { name: 'Download receipt (PDF)' }).click();
    expect((await downloaded).suggestedFilename()).toBe(`receipt-${reference}.pdf`);
    await expectNoAxeViolations(page);
    if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/case-confirmation-${width}.png`, fullPage: true });

    // Its details say the same day in a sentence.
    await confirmation.getByRole('button', { name: "Show the case's details" }).click();
    const details = page.getByRole('article', { name: `Other - case ${caseId}` });
    await expect(details.getByRole('heading', { level: 2 })).toBeFocused();
    await expect(details.getByText(/^Decision due by /)).toHaveText(`Decision due by ${await due.textContent()}`);
    await expectNoAxeViolations(page);
  });
}

test('in Polish: the confirmation, the case\u2019s and the letter\u2019s due dates with the month in the genitive', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await useLanguage(page, 'pl');
  const citizen = await registerCitizen(request);
  await loginAs(page, citizen.username, citizen.password);
  await submitOtherCase(page, { create: 'Utwórz', caseType: 'Rodzaj sprawy', other: 'Inna sprawa', submit: 'Wyślij' });

  await expect(page.getByRole('status').filter({ hasText: caseMessagesPl.created })).toBeVisible({ timeout: 20_000 });
  const confirmation = page.getByRole('region', { name: 'Sprawa została złożona' });
  await expect(confirmation.getByRole('term')).toHaveText(['Numer sprawy', 'Data złożenia', 'Sprawa', 'Decyzja do']);
  const due = confirmation.getByRole('definition').nth(3);
  await expect(due).toHaveText(PL_DATE);
  await expect(confirmation).toContainText('Co dalej: urzędnik sprawdzi sprawę');
  await expectNoAxeViolations(page);
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/case-confirmation-pl-360.png`, fullPage: true });
  await confirmation.getByRole('button', { name: 'Pokaż szczegóły sprawy' }).click();
  await expect(page.getByText(/^Decyzja do /)).toHaveText(`Decyzja do ${await due.textContent()}`);

  // A letter: its summary above the chat names the day the office owes its answer.
  const session = await apiSession(request, citizen);
  const letter: ConversationResponse = await writeLetter(request, session, { subject: 'Dziura w jezdni na Lipowej' });
  await page.goto(`/user?conversation=${letter.id}`);
  const answerBy = page.getByText(/^Odpowiedź do /);
  await expect(answerBy).toHaveText(new RegExp(`^Odpowiedź do \\d{1,2} ${PL_MONTHS_GENITIVE} \\d{4}$`));
  await expectNoAxeViolations(page);
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/letter-due-pl-360.png`, fullPage: true });
});

test('in English at 1280 px: the letter\u2019s summary says when the answer is due', async ({ page, request }) => {
  const citizen = await registerCitizen(request);
  await loginAs(page, citizen.username, citizen.password);
  const session = await apiSession(request, citizen);
  const letter = await writeLetter(request, session, { subject: 'Pothole on Lipowa' });
  await page.goto(`/user?conversation=${letter.id}`);
  await expect(page.getByText(/^Answer due by /)).toHaveText(/^Answer due by \d{1,2} \w+ \d{4}$/);
  await expectNoAxeViolations(page);
});

for (const [language, width] of [
  ['en', 1280],
  ['pl', 360],
] as const) {
  test(`the admin sets the terms (${language}, ${width} px), and a wrong one is named under its field`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
    await useLanguage(page, language);
    await loginAs(page, demoAccounts.admin.username, demoAccounts.admin.password);
    await page.goto('/admin');
    await page.getByRole('tab', { name: language === 'pl' ? 'Terminy' : 'Terms' }).click();
    const field = page.getByLabel(language === 'pl' ? 'Administracja miasta (miesiące)' : 'City Administration (months)');
    await expect(field).toHaveValue(/^\d+$/);
    const kept = await field.inputValue();
    await field.fill('13');
    await page.getByRole('button', { name: language === 'pl' ? 'Zapisz terminy pism' : 'Save the terms of letters' }).click();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(
      language === 'pl' ? 'Termin to pełna liczba miesięcy od 1 do 12.' : 'A term is a whole number of months from 1 to 12.',
    );
    await expectNoAxeViolations(page);
    if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/admin-terms-${language}-${width}.png`, fullPage: true });
    // The seeded terms serve other specs: put the value back unsaved.
    await field.fill(kept);
  });
}

test('a clerk finds a case particularly complicated: a longer term with the reason, which the citizen reads', async ({ page, request, browser }) => {
  const citizen = await registerCitizen(request);
  const session = await apiSession(request, citizen);
  const caseId = await submitVehicleCase(request, session.token, 'KR 4411C');
  const before = await request.get(`/api/case-resolution/details/${caseId}`, { headers: session.headers });
  const ordinaryDue = ((await before.json()) as CaseDetailsResponse).caseResolutionDTO.dueDate;

  await loginAs(page, demoAccounts.employee.username, demoAccounts.employee.password);
  await page.goto(`/createCase?case=${caseId}`);
  const extension = page.getByRole('form', { name: 'Particularly complicated case' });
  // Nothing written: the contract's message under the field, and nothing sent.
  await extension.getByRole('button', { name: 'Extend the term: particularly complicated' }).click();
  await expect(extension.getByLabel('Why is this case particularly complicated?')).toHaveAccessibleDescription(/Write why the case is particularly complicated\./);
  await extension.getByLabel('Why is this case particularly complicated?').fill('The seller lives abroad and must confirm the sale in writing.');
  await extension.getByRole('button', { name: 'Extend the term: particularly complicated' }).click();
  await expect(page.getByText(/^The office found this case particularly complicated/)).toContainText('The seller lives abroad');
  await expect(extension).toHaveCount(0);
  await expectNoAxeViolations(page);

  const after = await request.get(`/api/case-resolution/details/${caseId}`, { headers: session.headers });
  const longerDue = ((await after.json()) as CaseDetailsResponse).caseResolutionDTO.dueDate;
  expect(longerDue && ordinaryDue && longerDue > ordinaryDue).toBe(true);

  // The citizen reads the new date and why.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 360, height: 740 } });
  const citizenPage = await context.newPage();
  await loginAs(citizenPage, citizen.username, citizen.password);
  await citizenPage.goto(`/createCase?case=${caseId}`);
  await expect(citizenPage.getByText(/^Decision due by /)).toBeVisible();
  await expect(citizenPage.getByText(/^The office found this case particularly complicated, so it has 2 months to decide\./)).toBeVisible();
  await expectNoAxeViolations(citizenPage);
  if (process.env.E2E_SCREENSHOTS) await citizenPage.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/case-complicated-360.png`, fullPage: true });
  await context.close();
});
