import { expect, test, type WebSocket } from '@playwright/test';
import { apiSession, takeConversation, uniqueTag, watchLiveSocket, writeLetter } from '../support/letters';
import { demoAccounts, expectNoAxeViolations, loginAs, mainNavigation, registerCitizen } from '../support/portal';

// Issue 16: a tab holds ONE WebSocket to /api/ws. The header's bell and the page's live updates
// share it (the bell used to open a second one beside the page's), and it stays the same socket
// while the person moves between screens.

const payloadOf = (frame: { payload: string | Buffer }) => (typeof frame.payload === 'string' ? frame.payload : frame.payload.toString());

test('a citizen moving between screens keeps one live connection, and the bell hears news over it', async ({ page, request }) => {
  test.setTimeout(60_000);
  const citizen = await registerCitizen(request);
  const author = await apiSession(request, citizen);
  const clerk = await apiSession(request, demoAccounts.employee);
  const letter = await writeLetter(request, author, { subject: `Pothole on Lipowa ${uniqueTag()}` });

  await loginAs(page, citizen.username, citizen.password);
  const opened: WebSocket[] = [];
  page.on('websocket', (socket) => {
    if (new URL(socket.url()).pathname === '/api/ws') opened.push(socket);
  });
  const first = await watchLiveSocket(page);
  // The letters page follows its conversations live, and the header's bell its notifications.
  await page.goto('/user');
  await expect(page.getByRole('heading', { level: 1, name: 'User Dashboard' })).toBeVisible();
  const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');
  const live = await first.opened;

  // Two more screens with live parts (case statuses), reached through the navigation.
  await mainNavigation(page).getByRole('link', { name: 'Case Service' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Case Resolutions' })).toBeVisible();
  await mainNavigation(page).getByRole('link', { name: 'Letter Service' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'User Dashboard' })).toBeVisible();

  // News reaches the bell over that same socket.
  const taken = live.waitForEvent('framereceived', (frame) => {
    const event = JSON.parse(payloadOf(frame)) as { type?: string; kind?: string };
    return event.type === 'notification' && event.kind === 'letter-taken';
  });
  await takeConversation(request, clerk, letter.id);
  await taken;
  await expect(bell).toHaveAccessibleName('Notifications, unread: 1');
  await expectNoAxeViolations(page);

  expect(opened, 'WebSockets this tab opened').toHaveLength(1);
  expect(live.isClosed()).toBe(false);
});
