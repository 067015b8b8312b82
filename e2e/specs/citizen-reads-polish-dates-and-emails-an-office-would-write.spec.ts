import { writeCalendarDate } from '@portal/contract';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiSession, takeConversation, uniqueTag, writeLetter } from '../support/letters';
import { waitForMail } from '../support/mail-box';
import { chooseLanguage, demoAccounts, expectNoAxeViolations, loginAs, registerCitizen, siteHeader, submitVehicleCase } from '../support/portal';

/*
 * Issue 35, point 6: a Polish reader sees dates as an office writes them (the month in the
 * genitive, "2 maja 2026", never "2 maj 2026") on the obligation, case and letter screens, and the
 * emails greet formally ("Dzień dobry,", never a bare first name) and say what happened without a
 * masculine form for a person of unknown gender. The emails are read as the citizen's mailbox got
 * them from the run's SMTP server (support/global-setup.ts, support/mail-box.ts).
 */

const widths = [
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
] as const;

async function atBothWidths(page: Page, check: () => Promise<void>) {
  for (const size of widths) {
    await page.setViewportSize(size);
    await check();
  }
}

/** A citizen with obligation, case (rejected with a reason) and letter (taken), reading Polish. */
async function citizenWithMatters(request: APIRequestContext, tag: string) {
  const citizen = await registerCitizen(request);
  const own = await apiSession(request, citizen);
  const staff = await apiSession(request, demoAccounts.employee);
  expect((await request.put('/api/users/me/language', { headers: own.headers, data: { language: 'pl' } })).status()).toBe(200);

  const obligation = await request.post('/api/financial-obligations', {
    headers: staff.headers,
    data: { interestId: own.userId, amount: 120.5, dueDate: '2026-05-02', issueDate: '2026-04-02', paymentStatus: 'PENDING', description: `Opłata za odpady ${tag}` },
  });
  expect(obligation.status(), await obligation.text()).toBe(201);
  const obligationId = ((await obligation.json()) as { id: number }).id;

  const caseId = await submitVehicleCase(request, own.token, 'KR 3535M');
  const rejected = await request.put(`/api/case-resolution/${caseId}/update-status/REJECTED`, { headers: staff.headers, data: { reason: 'Brak dowodu zakupu.' } });
  expect(rejected.status(), await rejected.text()).toBe(200);

  const letter = await writeLetter(request, own, { subject: `Latarnia ${tag}` });
  await takeConversation(request, staff, letter.id);
  return { citizen, email: citizen.email.toLowerCase(), obligationId, caseId, letter };
}

test('a citizen reading Polish sees dates in the genitive and an office\u2019s address on screens and in three emails', async ({ page, request }) => {
  test.slow();
  const tag = uniqueTag();
  const { citizen, email, obligationId, caseId, letter } = await citizenWithMatters(request, tag);
  await loginAs(page, citizen.username, citizen.password);
  await page.goto('/');
  await chooseLanguage(page, 'Polski');
  // Every citizen is named by the kind of account, not by a masculine noun.
  await expect(siteHeader(page)).toContainText(`(konto mieszkańca)`);

  // The obligation: its due date with the month in the genitive, in its row and its details.
  await page.goto(`/financial-obligations?obligation=${obligationId}`);
  await expect(page.getByText('2 maja 2026').first()).toBeVisible();
  await expect(page.getByText(/\b2 maj 2026\b/)).toHaveCount(0);
  await atBothWidths(page, () => expectNoAxeViolations(page));

  // The case: its registration date, and its status agreeing with "status".
  await page.goto(`/createCase?case=${caseId}`);
  await expect(page.getByText('10 lutego 2025').first()).toBeVisible();
  await expect(page.getByText('Odrzucony').first()).toBeVisible();
  await atBothWidths(page, () => expectNoAxeViolations(page));

  // The letter: the day it was sent, in the list of conversations.
  await page.goto('/user');
  await page.getByRole('tab', { name: 'Twoje rozmowy' }).click();
  const sentOn = writeCalendarDate(letter.createdAt.slice(0, 10), 'pl');
  await expect(page.getByRole('tabpanel').getByText(`Wysłano ${sentOn}`).first()).toBeVisible();
  await atBothWidths(page, () => expectNoAxeViolations(page));

  // Three emails, in Polish: formal, neutral, the due date in the genitive, the account in fours.
  const about = async (subject: RegExp) => {
    const mail = await waitForMail(email, subject);
    return { subject: mail.subject ?? '', text: mail.text ?? '' };
  };
  const charged = await about(/^Nowa należność do zapłaty/);
  const decided = await about(/^Zmiana statusu wniosku/);
  const taken = await about(/^Pismo przyjęte do rozpatrzenia/);
  for (const mail of [charged, decided, taken]) {
    expect(mail.text).toMatch(/^Dzień dobry,$/m);
    expect(mail.text).not.toContain(citizen.firstName);
    expect(mail.text).not.toMatch(/Urzędnik|przyjął|zajął/);
  }
  expect(charged.text).toContain(`Tytuł należności: Opłata za odpady ${tag}.`);
  expect(charged.text).toContain('Termin płatności: 2 maja 2026.');
  expect(charged.text).toContain('61 1090 1014 0000 0712 1981 2874');
  expect(decided.text).toContain('Wniosek odrzucono.');
  expect(decided.text).toContain('Uzasadnienie: Brak dowodu zakupu.');
  expect(taken.subject).toContain(`L-${letter.letterId}: Latarnia ${tag}`);
});

test('a citizen reading English sees the same dates spelled out in English', async ({ page, request }) => {
  const tag = uniqueTag();
  const { citizen, obligationId, caseId } = await citizenWithMatters(request, tag);
  await loginAs(page, citizen.username, citizen.password);
  await page.goto(`/financial-obligations?obligation=${obligationId}`);
  await expect(page.getByText('2 May 2026').first()).toBeVisible();
  await atBothWidths(page, () => expectNoAxeViolations(page));
  await page.goto(`/createCase?case=${caseId}`);
  await expect(page.getByText('10 Feb 2025').first()).toBeVisible();
  await expect(siteHeader(page)).toContainText('(Citizen)');
  await atBothWidths(page, () => expectNoAxeViolations(page));
});
