import type { NotificationListResponse } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { storeAuthToken } from '../../../lib/auth-cookie';
import { FakeWebSocket, stubWebSocket } from '../../../test/fake-websocket';
import { routeFetch } from '../../../test/fetch';
import { renderRoute } from '../../../test/render';

const citizen = { id: 1, username: 'anowak', email: 'a@example.org', firstName: 'Anna', lastName: 'Nowak', role: 'USER', phoneNumber: '501234567', dateOfBirth: '1990-01-01', enabled: true };
const entry = (id: number, kind: string, data: Record<string, unknown>, link: string, readAt: string | null = null) => ({
  id,
  kind,
  data,
  link,
  readAt,
  createdAt: '2026-03-02T08:00:00.000Z',
});

/** The server's list, which the test changes as the server would. */
function serve(initial: NotificationListResponse) {
  let list = initial;
  const requests = routeFetch((request) => {
    if (request.path === '/api/users/me') return { body: citizen };
    if (request.method === 'GET' && request.path === '/api/notifications') return { body: list };
    if (request.method === 'PUT' && request.path === '/api/notifications/read-all') {
      list = { items: list.items.map((item) => ({ ...item, readAt: item.readAt ?? '2026-03-02T09:00:00.000Z' })), unreadCount: 0 };
      return { body: list };
    }
    const one = /^\/api\/notifications\/(\d+)\/read$/.exec(request.path);
    if (request.method === 'PUT' && one) {
      list = { items: list.items.map((item) => (item.id === Number(one[1]) ? { ...item, readAt: '2026-03-02T09:00:00.000Z' } : item)), unreadCount: list.unreadCount - 1 };
      return { body: list };
    }
    if (request.path === '/api/notification-settings') return { body: { replies: true, status: true, obligations: true } };
    // The screens an entry opens ask for their own data; nothing of it matters here.
    return request.method === 'GET' ? { body: [] } : undefined;
  });
  return { requests, set: (next: NotificationListResponse) => (list = next) };
}

const bell = () => screen.getByRole('button', { name: /^Notifications/ });

describe('the header\'s notification list', () => {
  it('shows the unread count, opens as a disclosure, closes with Escape and gives the focus back', async () => {
    storeAuthToken('token');
    serve({ items: [entry(2, 'reply', { conversationId: 12, messageId: 7 }, '/user?conversation=12'), entry(1, 'letter-taken', { conversationId: 12 }, '/user?conversation=12', '2026-03-02T08:30:00.000Z')], unreadCount: 1 });
    renderRoute('/notification-settings');
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, unread: 1'));
    expect(bell()).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(bell());
    expect(bell()).toHaveAttribute('aria-expanded', 'true');
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    const links = within(panel).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      expect.stringMatching(/^Unread: New reply in conversation no\. 12/),
      expect.stringMatching(/^A clerk took your letter \(conversation no\. 12\)/),
      'Notification settings',
    ]);

    await userEvent.keyboard('{Escape}');
    expect(bell()).toHaveAttribute('aria-expanded', 'false');
    expect(bell()).toHaveFocus();
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
  }, 20_000);

  it('names a letter and a case as every channel does: the reference beside the subject or the case\u2019s name (issue 31)', async () => {
    storeAuthToken('token');
    serve({
      items: [
        entry(6, 'case-status', { caseId: 4, status: 'REJECTED', caseType: 'VEHICLE_REGISTRATION', vehicleNumberPlate: 'KR 7781X', reference: 'C-4' }, '/createCase?case=4'),
        entry(5, 'reply', { conversationId: 12, messageId: 7, letterId: 9, subject: 'Broken street lamp', reference: 'L-9' }, '/user?conversation=12'),
      ],
      unreadCount: 2,
    });
    renderRoute('/notification-settings');
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, unread: 2'));
    await userEvent.click(bell());
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    expect(within(panel).getAllByRole('link').map((link) => link.textContent)).toEqual([
      expect.stringMatching(/^Unread: C-4: Vehicle registration - KR 7781X has a new status: rejected/),
      expect.stringMatching(/^Unread: New reply: L-9: Broken street lamp/),
      'Notification settings',
    ]);
  }, 20_000);

  it('an entry opens its screen and is then read; "Mark all as read" clears the count', async () => {
    storeAuthToken('token');
    const { requests } = serve({
      items: [entry(3, 'case-status', { caseId: 5, status: 'IN_PROGRESS' }, '/createCase?case=5'), entry(2, 'obligation-created', { obligationId: 9, amount: '120.50', dueDate: '2026-03-31' }, '/financial-obligations?obligation=9')],
      unreadCount: 2,
    });
    const { location } = renderRoute('/notification-settings');
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, unread: 2'));
    await userEvent.click(bell());
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    expect(within(panel).getByRole('link', { name: /New payment FO 9: 120\.50/ })).toHaveAttribute('href', '/financial-obligations?obligation=9');

    await userEvent.click(within(panel).getByRole('link', { name: /Case no\. 5 has a new status: in progress/ }));
    await waitFor(() => expect(location()?.pathname).toBe('/createCase'));
    expect(requests.some((r) => r.method === 'PUT' && r.path === '/api/notifications/3/read')).toBe(true);
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, unread: 1'));
    expect(bell()).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(bell());
    await userEvent.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications'));
    expect(requests.some((r) => r.method === 'PUT' && r.path === '/api/notifications/read-all')).toBe(true);
  }, 20_000);

  it('says which second factor changed (issue 34), and links to the two-factor set-up', async () => {
    storeAuthToken('token');
    serve({
      items: [
        entry(6, 'second-factor', { change: 'passkey-added' }, '/account/two-factor'),
        entry(5, 'second-factor', { change: 'codes-paused' }, '/account/two-factor'),
      ],
      unreadCount: 2,
    });
    renderRoute('/notification-settings');
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, unread: 2'));
    await userEvent.click(bell());
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    expect(within(panel).getByRole('link', { name: /A passkey was added to sign in to your account\./ })).toHaveAttribute('href', '/account/two-factor');
    expect(within(panel).getByRole('link', { name: /10 wrong sign-in codes were entered for your account/ })).toBeInTheDocument();
  }, 20_000);

  it('says the password was changed, and how (issue 35), linking to the sessions or the login page', async () => {
    storeAuthToken('token');
    serve({
      items: [entry(8, 'password-changed', { how: 'changed' }, '/account'), entry(7, 'password-changed', { how: 'reset' }, '/login')],
      unreadCount: 2,
    });
    renderRoute('/notification-settings');
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, unread: 2'));
    await userEvent.click(bell());
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    expect(within(panel).getByRole('link', { name: /Your password was changed\. Your other sessions were signed out\./ })).toHaveAttribute('href', '/account');
    expect(within(panel).getByRole('link', { name: /Your password was set through a reset link from the office\./ })).toBeInTheDocument();
  }, 20_000);

  /** A signed-in page whose bell has shown an empty list; its socket is made but not open yet. */
  async function bellWithNothingNew() {
    storeAuthToken('token');
    stubWebSocket();
    const server = serve({ items: [], unreadCount: 0 });
    renderRoute('/notification-settings');
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications'));
    return server;
  }
  const oneReply = (): NotificationListResponse => ({ items: [entry(4, 'reply', { conversationId: 12, messageId: 8 }, '/user?conversation=12')], unreadCount: 1 });

  it('a reply sent before the socket opened is counted once it opens, with no event for it', async () => {
    const server = await bellWithNothingNew();
    // The clerk replies after the page's first list but before the server knows its socket.
    server.set(oneReply());
    for (const socket of FakeWebSocket.instances) socket.open();
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, unread: 1'));
  }, 20_000);

  it('a live notification event raises the count and is announced politely', async () => {
    const server = await bellWithNothingNew();
    const announcer = screen.getAllByRole('status').find((status) => status.closest('.notification-bell'));
    expect(announcer).toHaveAttribute('aria-live', 'polite');
    expect(announcer).toHaveTextContent('');

    // The socket opens and its catch-up finds nothing new; only then does the reply come, live.
    const reads = () => server.requests.filter((r) => r.method === 'GET' && r.path === '/api/notifications').length;
    const before = reads();
    for (const socket of FakeWebSocket.instances) socket.open();
    await waitFor(() => expect(reads()).toBe(before + 1));
    server.set(oneReply());
    for (const socket of FakeWebSocket.instances) socket.receive({ type: 'notification', kind: 'reply' });
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, unread: 1'));
    expect(announcer).toHaveTextContent('New notification. Unread: 1.');
  }, 20_000);
});
