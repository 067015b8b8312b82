import { deadlineMessages, letterReference, writeCalendarDate } from '@portal/contract';
import { expect, type Browser, test, type Page } from '@playwright/test';
import { backdateLetter } from '../support/backdate';
import { apiSession, uniqueTag, writeLetter } from '../support/letters';
import { waitForMail } from '../support/mail-box';
import { dayAfterToday, dayOffAfter, workingDayAfter } from '../support/office-days';
import { demoAccounts, expectNoAxeViolations, loginAs, registerCitizen } from '../support/portal';

/**
 * Issue 32 points 5 and 6, the acceptance's story: a letter the office did not answer in its term
 * (the scene is set by moving the letter 70 days back: support/backdate.ts). The clerk finds it
 * marked overdue on the Employee Dashboard and cannot go on without the delay notice (KPA art. 36);
 * the citizen reads it (the bell, the letter's screen with its timeline and receipt, My matters,
 * the email) and sends a prompt (art. 37); an admin answers it on the Prompts tab; the citizen reads
 * the answer. Every state in English at 1280 px and in Polish at 360 px, with axe on each.
 */
const REASON = 'We are still waiting for the road authority\u2019s survey of the pavement.';
const PROMPT = 'Please repair the pavement before the winter.';
const ANSWER = 'The survey arrived; the repair is ordered and the clerk will answer by the new date.';

const shots = process.env.E2E_SHOTS;
const long = (date: string, language: 'en' | 'pl' = 'en') => writeCalendarDate(date, language);
/** The bell's short English date: "7 Jan 2027". */
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];
const short = (date: string) => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return `${day} ${SHORT_MONTHS[month - 1]} ${year}`;
};
const bell = (page: Page, name = 'Notifications') => page.getByRole('banner').getByRole('button', { name: new RegExp(`^${name}`) });

async function look(page: Page, name: string): Promise<void> {
  await expectNoAxeViolations(page);
  // A dialog covers the viewport only: the page below it is no part of the picture.
  const dialog = (await page.getByRole('dialog').or(page.getByRole('alertdialog')).count()) > 0;
  if (shots) await page.screenshot({ path: `${shots}/late-${name}.png`, fullPage: !dialog });
}

/**
 * The state on screen, audited in English at 1280 px; then the same address in Polish on a phone
 * (`polish` asserts its words), audited; then (unless it is that person's last state) back in
 * English at 1280 px at `url` to go on.
 */
async function bothWays(page: Page, name: string, url: string, polish: () => Promise<void>, { last = false } = {}): Promise<void> {
  await look(page, `${name}-en-1280`);
  await page.evaluate(() => localStorage.setItem('portal.language', 'pl'));
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(url);
  await polish();
  await look(page, `${name}-pl-360`);
  if (last) return;
  await page.evaluate(() => localStorage.setItem('portal.language', 'en'));
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(url);
}

async function signedIn(browser: Browser, who: { username: string; password: string }): Promise<Page> {
  const { baseURL, locale } = test.info().project.use;
  const context = await browser.newContext({ baseURL, locale, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await loginAs(page, who.username, who.password);
  return page;
}

test('a clerk misses a term and must send the delay notice; the citizen prompts and an admin answers', async ({ page, browser }) => {
  // Three people, two languages, two widths and twenty axe audits (half the time): under a minute
  // on a quiet machine, nearly four on one shared at a load of 20.
  test.setTimeout(240_000);
  const person = await registerCitizen(page.request);
  const author = await apiSession(page.request, person);
  const subject = `Cracked pavement ${uniqueTag()}`;
  const letter = await writeLetter(page.request, author, { subject });
  const { termDueDate } = await backdateLetter(page.request, author, { conversationId: letter.id, letterId: letter.letterId }, 70);
  const reference = letterReference(letter.letterId);
  const named = `${reference}: ${subject}`;
  const noticeDate = workingDayAfter(14);
  const answerDate = workingDayAfter(21);

  // The clerk's queue: the letter leads it, marked overdue, with the day it was due.
  const clerk = await signedIn(browser, demoAccounts.employee);
  await clerk.goto('/employee');
  const card = clerk.getByRole('tabpanel', { name: 'Take Conversations' }).getByRole('listitem').filter({ hasText: subject });
  await expect(card.getByText('Overdue', { exact: true })).toBeVisible();
  await expect(card.getByText(`Answer due by ${long(termDueDate)}`)).toBeVisible();
  await bothWays(clerk, 'clerk-queue', '/employee', async () => {
    const karta = clerk.getByRole('tabpanel', { name: 'Pisma do przyjęcia' }).getByRole('listitem').filter({ hasText: subject });
    await expect(karta.getByText('Po terminie', { exact: true })).toBeVisible();
    await expect(karta.getByText(`Odpowiedź do ${long(termDueDate, 'pl')}`)).toBeVisible();
  });
  await clerk.getByRole('tabpanel', { name: 'Take Conversations' }).getByRole('listitem').filter({ hasText: subject }).getByRole('button', { name: 'Take Conversation' }).click();
  await expect(clerk.getByText('Conversation taken successfully!')).toBeVisible();

  // Opening it, the clerk meets the notice: Escape does not dismiss it, a day off is refused.
  const opened = `/employee?conversation=${letter.id}`;
  await clerk.goto(opened);
  const gate = clerk.getByRole('alertdialog', { name: 'The term has passed: tell the citizen' });
  await expect(gate).toBeVisible();
  await expect(gate).toContainText(`why ${reference} was not handled by ${long(termDueDate)}`);
  await expect(gate.getByLabel('Reason for the delay')).toHaveValue(/^We could not handle your matter in its term/);
  await clerk.keyboard.press('Escape');
  await expect(gate).toBeVisible();
  await bothWays(clerk, 'clerk-notice', opened, async () => {
    const brama = clerk.getByRole('alertdialog', { name: 'Termin minął: należy zawiadomić stronę' });
    await expect(brama).toContainText(`sprawa ${reference} nie została załatwiona do ${long(termDueDate, 'pl')}`);
    await expect(brama.getByLabel('Przyczyna zwłoki')).toHaveValue(/^Nie udało się załatwić sprawy w terminie/);
    // Taller than a phone's screen: the dialog scrolls to its button.
    const wyslij = brama.getByRole('button', { name: 'Wyślij zawiadomienie' });
    await wyslij.scrollIntoViewIfNeeded();
    await expect(wyslij).toBeInViewport();
  });
  await gate.getByLabel('Reason for the delay').fill(REASON);
  await gate.getByLabel('New date (a working day after today)').fill(dayOffAfter(7));
  await gate.getByRole('button', { name: 'Send the notice' }).click();
  await expect(gate.getByLabel('New date (a working day after today)')).toHaveAccessibleDescription(deadlineMessages.newDateNotWorkingDay);
  await look(clerk, 'clerk-notice-refused-en-1280');
  await gate.getByLabel('New date (a working day after today)').fill(noticeDate);
  await gate.getByRole('button', { name: 'Send the notice' }).click();
  await expect(gate).toBeHidden();
  await expect(clerk.getByText('The delay notice was sent to the citizen.')).toBeVisible();
  await expect(clerk.getByRole('heading', { name: `Chat: ${subject}` })).toBeVisible();
  await bothWays(clerk, 'clerk-after-notice', opened, async () => {
    await expect(clerk.getByRole('heading', { name: `Czat: ${subject}` })).toBeVisible();
    await expect(clerk.getByRole('alertdialog')).toHaveCount(0);
  }, { last: true });
  await clerk.context().close();

  // The citizen: the bell, then the letter's screen from its entry.
  await loginAs(page, person.username, person.password);
  await page.goto('/matters');
  await expect(bell(page)).toHaveAccessibleName(/^Notifications, unread: [1-9]/);
  await bell(page).click();
  const entry = page.getByRole('region', { name: 'Notifications' }).getByRole('link', {
    name: `Unread: ${named} was not handled in its term; the new date is ${short(noticeDate)}. You may send a prompt.`,
  });
  await expect(entry).toBeVisible();
  await bothWays(page, 'citizen-bell', '/matters', async () => {
    await bell(page, 'Powiadomienia').click();
    await expect(
      page.getByRole('region', { name: 'Powiadomienia' }).getByRole('link', {
        name: `Nieprzeczytane: Sprawa ${named} nie została załatwiona w terminie; nowy termin: ${long(noticeDate, 'pl')}. Możesz wnieść ponaglenie.`,
      }),
    ).toBeVisible();
  });
  await bell(page).click();
  await entry.click();
  const own = page.getByRole('region', { name: `Chat: ${subject}` });
  await expect(own.getByText(`Answer due by ${long(noticeDate)}`)).toBeVisible({ timeout: 15_000 });
  const prompt = page.getByRole('region', { name: 'The office is late' });
  await expect(prompt).toContainText(`The office had to answer by ${long(termDueDate)}.`);
  await expect(prompt).toContainText(`The office set a new date: ${long(noticeDate)}.`);
  const timeline = page.getByRole('list', { name: 'Timeline' });
  await expect(timeline.getByRole('listitem')).toHaveText([
    /^Letter sent to Public Works Department/,
    /^A clerk took the letter/,
    new RegExp(`^Delay notice: not handled in its term; the new date is ${long(noticeDate)}Reason: ${REASON}`),
  ]);
  // Its signed receipt, from the timeline.
  const receipt = page.waitForEvent('download');
  await timeline.getByRole('button', { name: `Receipt (PDF): Delay notice: not handled in its term; the new date is ${long(noticeDate)}` }).click();
  expect((await receipt).suggestedFilename()).toMatch(new RegExp(`^receipt-${reference}-\\d+\\.pdf$`));
  await expect(page.getByRole('list', { name: 'Receipts' }).getByRole('button', { name: /^Download receipt \(PDF\): delay notice, / })).toBeVisible();
  const letterScreen = `/user?conversation=${letter.id}`;
  await bothWays(page, 'citizen-notice', letterScreen, async () => {
    await expect(page.getByRole('region', { name: 'Urząd nie dotrzymał terminu' })).toContainText(`Urząd wyznaczył nowy termin: ${long(noticeDate, 'pl')}.`);
    await expect(page.getByRole('list', { name: 'Przebieg sprawy' }).getByRole('listitem').last()).toContainText(
      `Zawiadomienie o niezałatwieniu sprawy w terminie; nowy termin: ${long(noticeDate, 'pl')}`,
    );
  });
  const mail = await waitForMail(person.email, `Your matter was not handled in its term (${named})`);
  expect(mail.text).toContain(`Reason for the delay: ${REASON}`);

  // My matters has the new date.
  await page.goto('/matters');
  const mine = page.getByRole('main').getByRole('listitem').filter({ hasText: reference });
  await expect(mine).toContainText(long(noticeDate));
  await bothWays(page, 'citizen-matters', '/matters', async () => {
    await expect(page.getByRole('main').getByRole('listitem').filter({ hasText: reference })).toContainText(long(noticeDate, 'pl'));
  });

  // The prompt.
  await page.goto(letterScreen);
  await prompt.getByLabel('Your prompt').fill(PROMPT);
  await prompt.getByRole('button', { name: 'Send the prompt' }).click();
  await expect(prompt.getByText('Your prompt was sent. You will find the receipt with this matter.')).toBeVisible();
  await expect(prompt.getByRole('listitem')).toContainText([PROMPT]);
  await expect(prompt.getByRole('listitem')).toContainText(['Waiting for the answer.']);
  await expect(prompt).toContainText(`You can send a prompt from ${long(dayAfterToday(7))}.`);
  await bothWays(page, 'citizen-prompted', letterScreen, async () => {
    await expect(page.getByRole('region', { name: 'Urząd nie dotrzymał terminu' })).toContainText('Oczekuje na odpowiedź.');
  });

  // The admin answers on the Prompts tab.
  const admin = await signedIn(browser, demoAccounts.admin);
  await admin.goto('/admin');
  await bell(admin).click();
  await expect(admin.getByRole('region', { name: 'Notifications' }).getByRole('link', { name: `Unread: A prompt about ${named}: answer it by ${short(dayAfterToday(7))}` })).toBeVisible();
  await bell(admin).click();
  await admin.goto('/admin?tab=prompts');
  const item = admin.getByRole('tabpanel', { name: 'Prompts' }).getByRole('listitem').filter({ hasText: reference });
  await expect(item.getByRole('heading', { name: named })).toBeVisible();
  await expect(item).toContainText(PROMPT);
  await expect(item).toContainText(`${person.firstName} ${person.lastName}, sent`);
  await expect(item).toContainText(`The matter\u2019s due date: ${long(noticeDate)}`);
  await bothWays(admin, 'admin-prompts', '/admin?tab=prompts', async () => {
    await expect(admin.getByRole('tabpanel', { name: 'Ponaglenia' }).getByRole('listitem').filter({ hasText: reference })).toContainText(`Termin załatwienia sprawy: ${long(noticeDate, 'pl')}`);
  });
  await item.getByRole('button', { name: 'Answer the prompt' }).click();
  const dialog = admin.getByRole('dialog', { name: `Answer the prompt: ${reference}` });
  await expect(dialog.getByText(PROMPT)).toBeVisible();
  await bothWays(admin, 'admin-answer', '/admin?tab=prompts', async () => {
    await admin.getByRole('tabpanel', { name: 'Ponaglenia' }).getByRole('listitem').filter({ hasText: reference }).getByRole('button', { name: 'Odpowiedz na ponaglenie' }).click();
    const okno = admin.getByRole('dialog', { name: `Odpowiedz na ponaglenie: ${reference}` });
    await expect(okno.getByLabel('Nowy termin załatwienia sprawy (opcjonalnie)')).toBeVisible();
    await expect(okno.getByRole('button', { name: 'Wyślij odpowiedź' })).toBeVisible();
  });
  await item.getByRole('button', { name: 'Answer the prompt' }).click();
  await dialog.getByLabel('Your answer').fill(ANSWER);
  await dialog.getByLabel('New date by which the matter will be handled (optional)').fill(answerDate);
  await dialog.getByRole('button', { name: 'Send the answer' }).click();
  await expect(admin.getByText('The answer was sent to the citizen.')).toBeVisible();
  await expect(item).toHaveCount(0);
  await admin.context().close();

  // The citizen reads the answer: the bell, the letter's screen, its new date.
  await page.goto(letterScreen);
  await bell(page).click();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByRole('link', { name: `Unread: Your prompt about ${named} was answered; the new date is ${short(answerDate)}` })).toBeVisible();
  await bell(page).click();
  await expect(own.getByText(`Answer due by ${long(answerDate)}`)).toBeVisible();
  await expect(prompt.getByRole('listitem')).toContainText([`Answer: ${ANSWER}`]);
  await expect(timeline.getByRole('listitem').last()).toContainText(`The prompt was answered; the new date is ${long(answerDate)}Reason: ${ANSWER}`);
  await expect(timeline.getByRole('listitem').nth(-2)).toContainText(`Prompt sent (KPA art. 37); the answer is due by ${long(dayAfterToday(7))}${PROMPT}`);
  await bothWays(page, 'citizen-answered', letterScreen, async () => {
    await expect(page.getByRole('region', { name: 'Urząd nie dotrzymał terminu' })).toContainText(`Odpowiedź: ${ANSWER}`);
    await expect(page.getByText(`Odpowiedź do ${long(answerDate, 'pl')}`)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Przebieg sprawy' }).getByRole('listitem').last()).toContainText(`Udzielono odpowiedzi na ponaglenie; nowy termin: ${long(answerDate, 'pl')}`);
  }, { last: true });
});
