import { expect, test, type Page, type WebSocket } from '@playwright/test';
import { apiSession, sendMessage, takeConversation, uniqueTag, watchLiveSocket, writeLetter } from '../support/letters';
import { demoAccounts, expectNoAxeViolations, loginAs, registerCitizen } from '../support/portal';

// Issue 18, in the browser: the header's notification list of a signed-in page follows a clerk's
// reply live, opens the conversation it names, and leads to the email settings, where a category
// is switched off and on again; English and Polish, 1280 and 360 px, axe on every state. Issue 31:
// a second reply, whose email waits for its 15-minute quiet window, raises the count at once, and
// an entry names the letter as every channel does (its reference beside its subject).

const payloadOf = (frame: { payload: string | Buffer }) => (typeof frame.payload === 'string' ? frame.payload : frame.payload.toString());

/** The live 'notification' event of `kind` on the page's socket (start waiting before the cause). */
function notificationEvent(socket: WebSocket, kind: string): Promise<unknown> {
  return socket.waitForEvent('framereceived', (frame) => {
    const event = JSON.parse(payloadOf(frame)) as { type?: string; kind?: string };
    return event.type === 'notification' && event.kind === kind;
  });
}

const bellOf = (page: Page, name = 'Notifications') => page.getByRole('banner').getByRole('button', { name: new RegExp(`^${name}`) });

test('a citizen sees the count rise when a clerk replies, opens the entry into the conversation, and switches an email category off', async ({ page, request }) => {
  test.setTimeout(90_000);
  const citizen = await registerCitizen(request);
  const author = await apiSession(request, citizen);
  const clerk = await apiSession(request, demoAccounts.employee);
  const subject = `Broken street light ${uniqueTag()}`;
  const letter = await writeLetter(request, author, { subject });

  // The citizen is on another page than the conversation: their obligations.
  await loginAs(page, citizen.username, citizen.password);
  const socket = await watchLiveSocket(page);
  await page.goto('/financial-obligations');
  const bell = bellOf(page);
  await expect(bell).toHaveAccessibleName('Notifications');
  const live = await socket.opened;

  const taken = notificationEvent(live, 'letter-taken');
  await takeConversation(request, clerk, letter.id);
  await taken;
  await expect(bell).toHaveAccessibleName('Notifications, unread: 1');
  const replied = notificationEvent(live, 'reply');
  await sendMessage(request, clerk, letter.id, 'The light will be repaired on Monday.');
  await replied;
  await expect(bell).toHaveAccessibleName('Notifications, unread: 2');
  // Announced politely, without moving the reader.
  const announcer = page.getByRole('banner').getByRole('status');
  await expect(announcer).toHaveAttribute('aria-live', 'polite');
  await expect(announcer).toHaveText('New notification. Unread: 2.');
  await expect(page).toHaveURL(/\/financial-obligations$/);

  // A second reply minutes after the first: its email waits for the quiet window, the count does not.
  const again = notificationEvent(live, 'reply');
  await sendMessage(request, clerk, letter.id, 'The electrician is booked for 8:00.');
  await expect(bell).toHaveAccessibleName('Notifications, unread: 3', { timeout: 2_000 });
  await again;

  // The list: a disclosure under the button, newest first.
  await bell.click();
  await expect(bell).toHaveAttribute('aria-expanded', 'true');
  const list = page.getByRole('region', { name: 'Notifications' });
  const named = `L-${letter.letterId}: ${subject}`;
  const replies = list.getByRole('link', { name: new RegExp(`^Unread: New reply: ${named}`) });
  await expect(replies).toHaveCount(2);
  const reply = replies.first();
  await expect(list.getByRole('link', { name: new RegExp(`^Unread: A clerk took your letter ${named}`) })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('notifications-list-1280.png') });

  // The entry opens the conversation it names. The chat shows both replies, so both reply entries
  // are read (issue 35 point 11); that a clerk took the letter is no reply shown there: still unread.
  await reply.click();
  const chat = page.getByRole('region', { name: `Chat: ${subject}` });
  // The dashboard's code loads on this first visit.
  await expect(chat).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/user$/);
  await expect(chat.getByText('The light will be repaired on Monday.')).toBeVisible();
  await expect(chat.getByText('The electrician is booked for 8:00.')).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notifications, unread: 1');
  await expect(bell).toHaveAttribute('aria-expanded', 'false');

  // On a phone, in Polish: the keyboard opens it, Escape closes it and the focus comes back.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByRole('button', { name: 'Polski' }).click();
  const dzwonek = bellOf(page, 'Powiadomienia');
  await expect(dzwonek).toHaveAccessibleName('Powiadomienia, nieprzeczytane: 1');
  await dzwonek.focus();
  await page.keyboard.press('Enter');
  const lista = page.getByRole('region', { name: 'Powiadomienia' });
  await expect(lista.getByRole('link', { name: new RegExp(`^Nieprzeczytane: Twoje pismo ${named} przyjęto do rozpatrzenia`) })).toBeVisible();
  // The two replies are listed as read: no "Nieprzeczytane:" before them.
  await expect(lista.getByRole('link', { name: new RegExp(`^Nowa odpowiedź: ${named}`) })).toHaveCount(2);
  await expect(lista.getByRole('link', { name: /^Nieprzeczytane: Nowa odpowiedź/ })).toHaveCount(0);
  const box = await lista.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('notifications-list-360-pl.png') });
  await page.keyboard.press('Escape');
  await expect(lista).toBeHidden();
  await expect(dzwonek).toBeFocused();

  await dzwonek.click();
  await lista.getByRole('button', { name: 'Oznacz wszystkie jako przeczytane' }).click();
  await expect(dzwonek).toHaveAccessibleName('Powiadomienia');

  // The list leads to the email settings.
  await lista.getByRole('link', { name: 'Ustawienia powiadomień' }).click();
  await expect(page.getByRole('heading', { name: 'Ustawienia powiadomień', level: 1 })).toBeVisible();
  const polish = page.getByRole('checkbox', { name: 'Nowych należnościach i przypomnieniach o płatności' });
  await polish.uncheck();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Zapisano.');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('notification-settings-360-pl.png'), fullPage: true });

  // In English at 1280 px: the switch stayed off after a reload, and comes back on.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'English' }).click();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Notification settings', level: 1 })).toBeVisible();
  const obligations = page.getByRole('checkbox', { name: 'New obligations and payment reminders' });
  await expect(obligations).not.toBeChecked();
  await obligations.check();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Saved.');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('notification-settings-1280.png'), fullPage: true });
});
