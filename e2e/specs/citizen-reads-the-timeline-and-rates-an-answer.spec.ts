import { expect, test } from '@playwright/test';
import { apiSession, sendMessage, takeConversation, uniqueTag, writeLetter } from '../support/letters';
import { waitForMail } from '../support/mail-box';
import { demoAccounts, expectNoAxeViolations, loginAs, registerCitizen } from '../support/portal';

// Issue 32 points 2 and 8: a clerk takes, answers and resolves a letter; the citizen reads the
// letter's timeline in the portal (English, 1280 px), then rates the answer from the resolution
// email's link without signing in (Polish, 360 px); the link, used again, says it was rated.

test('a citizen reads a letter\u2019s timeline and rates the answer from the email link, in English and Polish', async ({ page, browser }) => {
  // Two browsers, two languages and five accessibility audits: a long story on a busy machine.
  test.setTimeout(90_000);
  const person = await registerCitizen(page.request);
  const citizen = await apiSession(page.request, person);
  const clerk = await apiSession(page.request, demoAccounts.employee);
  const subject = `Broken bench ${uniqueTag()}`;
  const conversation = await writeLetter(page.request, citizen, { subject });
  await takeConversation(page.request, clerk, conversation.id);
  await sendMessage(page.request, clerk, conversation.id, 'The bench was replaced this morning.');
  const resolved = await page.request.put(`/api/conversations/${conversation.id}/status`, { headers: clerk.headers, data: { status: 'RESOLVED' } });
  expect(resolved.status(), await resolved.text()).toBe(200);

  await loginAs(page, person.username, person.password);
  await page.goto(`/user?conversation=${conversation.id}`);
  const timeline = page.getByRole('list', { name: 'Timeline' });
  await expect(timeline.getByRole('listitem')).toHaveText([
    /Letter sent to Public Works Department/,
    /A clerk took the letter/,
    /A message from the office/,
    /The letter was resolved/,
  ]);
  await expect(timeline.getByRole('button', { name: /Receipt \(PDF\): Letter sent/ })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Did the answer help you?' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('timeline-en-1280.png'), fullPage: true });

  const mail = await waitForMail(person.email, new RegExp(`^Resolved \\(L-${conversation.letterId}`));
  const link = /https?:\/\/[^\s"<>]+\/rate#[A-Za-z0-9._-]+/.exec(mail.text ?? '')?.[0];
  expect(link, 'the rating link in the email').toBeTruthy();

  // Signed out, in Polish, on a phone.
  const { baseURL } = test.info().project.use;
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });
  await context.addInitScript(() => localStorage.setItem('portal.language', 'pl'));
  const visitor = await context.newPage();
  await visitor.goto(new URL(link ?? '').pathname + new URL(link ?? '').hash);
  await expect(visitor.getByText(`Pismo L-${conversation.letterId}: ${subject}`)).toBeVisible();
  await visitor.getByRole('button', { name: 'Wyślij ocenę' }).click();
  await expect(visitor.getByText('Wybierz, czy odpowiedź była pomocna.')).toBeVisible();
  await expectNoAxeViolations(visitor);
  await visitor.getByRole('radio', { name: 'Tak, była pomocna' }).check();
  await visitor.getByRole('textbox', { name: 'Komentarz (opcjonalnie)' }).fill('Szybko i konkretnie.');
  await visitor.getByRole('button', { name: 'Wyślij ocenę' }).click();
  await expect(visitor.getByText('Dziękujemy! Ocena została zapisana.')).toBeVisible();
  await expectNoAxeViolations(visitor);
  await visitor.screenshot({ path: test.info().outputPath('rated-pl-360.png'), fullPage: true });
  await visitor.reload();
  await expect(visitor.getByText('Ta odpowiedź została już oceniona. Dziękujemy!')).toBeVisible();
  await expectNoAxeViolations(visitor);
  await context.close();

  // Back in the portal (the dashboard opens the letter from its address), the timeline has the rating and the form is gone.
  await page.goto(`/user?conversation=${conversation.id}`);
  await expect(timeline.getByRole('listitem').last()).toHaveText(/You rated the answer as helpful/);
  await expect(page.getByText('You rated this answer: helpful.')).toBeVisible();
});
