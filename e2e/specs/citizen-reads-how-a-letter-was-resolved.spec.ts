import { expect, test } from '@playwright/test';
import { apiSession, sendMessage, takeConversation, uniqueTag, useLanguage, writeLetter } from '../support/letters';
import { demoAccounts, expectNoAxeViolations, loginAs, registerCitizen } from '../support/portal';

// Issue 35 point 11: a resolved letter's chat says what came of it in one line (who, when, the
// clerk's last message), in Polish with the month in the genitive; the reply shown on screen
// leaves no unread entry in the person's list (the server's count, which the header's bell shows).

test('a citizen reads the outcome line of a resolved letter in Polish at 1280 and 360 px, and the reply seen is not unread', async ({ page }) => {
  const person = await registerCitizen(page.request);
  const citizen = await apiSession(page.request, person);
  const clerk = await apiSession(page.request, demoAccounts.employee);
  const subject = `Dziura w jezdni ${uniqueTag()}`;
  const conversation = await writeLetter(page.request, citizen, { subject });
  await takeConversation(page.request, clerk, conversation.id);
  const answer = 'Ubytek załatano 3 grudnia; dziękujemy za zgłoszenie.';
  await sendMessage(page.request, clerk, conversation.id, answer);
  const resolved = await page.request.put(`/api/conversations/${conversation.id}/status`, { headers: clerk.headers, data: { status: 'RESOLVED' } });
  expect(resolved.status(), await resolved.text()).toBe(200);
  const unread = async () => ((await (await page.request.get('/api/notifications', { headers: citizen.headers })).json()) as { unreadCount: number }).unreadCount;
  // Taken, the reply, resolved.
  expect(await unread()).toBe(3);

  await useLanguage(page, 'pl');
  await loginAs(page, person.username, person.password);
  await page.goto(`/user?conversation=${conversation.id}`);
  const outcome = page.getByText(new RegExp(`^Pismo załatwiono \\d{1,2} (stycznia|lutego|marca|kwietnia|maja|czerwca|lipca|sierpnia|września|października|listopada|grudnia) \\d{4} \\(osoba prowadząca: .+\\): ${answer}$`));
  await expect(outcome).toBeVisible();
  await expect(page.getByLabel('Twoja wiadomość', { exact: true })).toHaveCount(0);
  // The reply was on screen: only the two status entries are left unread.
  await expect.poll(unread).toBe(2);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('resolved-letter-pl-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(outcome).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('resolved-letter-pl-360.png'), fullPage: true });
});
