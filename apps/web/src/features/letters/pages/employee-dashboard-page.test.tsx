import { letterMessages, type ConversationResponse, type ConversationStatus } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storeAuthToken } from '../../../lib/auth-cookie';
import { FakeWebSocket, stubWebSocket } from '../../../test/fake-websocket';
import { renderRoute } from '../../../test/render';
import { routeFetch, type FakeAnswer, type FakeRequest } from '../../../test/fetch';
import { anna, chatMessage, conversation, deferred, jan } from '../testing/fixtures';

type Lists = Partial<Record<ConversationStatus, ConversationResponse[]>>;

/** A tiny in-memory server for the employee's lists, take and resolve. */
function serve(lists: Lists, extra: (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer> | undefined = () => undefined) {
  const state: Required<Lists> = { OPEN: [], IN_PROGRESS: [], RESOLVED: [], ...lists };
  const requests = routeFetch((request) => {
    if (request.path === '/api/users/me') return { body: jan };
    if (request.method === 'GET' && request.path === '/api/conversations') {
      const status = request.query.get('status') as ConversationStatus;
      return { body: state[status] };
    }
    const take = /^\/api\/conversations\/(\d+)\/take$/.exec(request.path);
    if (request.method === 'PUT' && take) {
      const id = Number(take[1]);
      const taken = state.OPEN.find((item) => item.id === id);
      if (!taken) return { status: 409, body: { error: 'Conflict', message: 'Taken' } };
      state.OPEN = state.OPEN.filter((item) => item.id !== id);
      const now = { ...taken, status: 'IN_PROGRESS' as const, employeeId: jan.id };
      state.IN_PROGRESS = [...state.IN_PROGRESS, now];
      return { body: now };
    }
    const resolve = /^\/api\/conversations\/(\d+)\/status$/.exec(request.path);
    if (request.method === 'PUT' && resolve) {
      const id = Number(resolve[1]);
      const done = state.IN_PROGRESS.find((item) => item.id === id);
      if (!done) return { status: 404, body: {} };
      state.IN_PROGRESS = state.IN_PROGRESS.filter((item) => item.id !== id);
      const resolved = { ...done, status: 'RESOLVED' as const, resolvedDate: '2025-03-14T09:30:00.000Z' };
      state.RESOLVED = [...state.RESOLVED, resolved];
      return { body: resolved };
    }
    if (request.method === 'GET' && /^\/api\/conversations\/\d+\/messages$/.test(request.path)) return { body: [chatMessage({ id: 100, senderId: anna.id, senderName: 'Anna Nowak', content: 'Any news?' }), chatMessage()] };
    return extra(request);
  });
  return { requests, state };
}

async function openDashboard() {
  renderRoute('/employee');
  expect(await screen.findByRole('heading', { level: 1, name: 'Employee Dashboard' })).toBeInTheDocument();
}

beforeEach(() => {
  storeAuthToken('token');
  stubWebSocket();
});

describe('employee dashboard: take conversations', () => {
  it("welcomes by first and last name and says 'Loading...' while the open list loads", async () => {
    const answer = deferred<FakeAnswer>();
    routeFetch((request) => (request.path === '/api/users/me' ? { body: jan } : request.path === '/api/conversations' ? answer.promise : undefined));
    await openDashboard();
    expect(screen.getByText('Welcome, Jan Kowalski!')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Take Conversations', 'Your Conversations', 'Archived Conversations']);
    expect(within(screen.getByRole('tabpanel')).getByRole('status')).toHaveTextContent('Loading...');
    answer.resolve({ body: [] });
    expect(await screen.findByText('No open conversations are waiting to be taken.')).toBeInTheDocument();
  });

  it("lists letter ID, subject and sender; Take Conversation says 'Conversation taken successfully!' and the entry leaves", async () => {
    const { requests } = serve({
      OPEN: [conversation({ id: 21, letterId: 41, status: 'OPEN', employeeId: null }), conversation({ id: 22, letterId: 42, subject: 'Park bench', nameSurname: 'Piotr Zieliński', status: 'OPEN', employeeId: null })],
    });
    await openDashboard();
    const panel = screen.getByRole('tabpanel', { name: 'Take Conversations' });

    const entries = await within(panel).findAllByRole('listitem');
    expect(entries).toHaveLength(2);
    const first = entries[0] as HTMLElement;
    expect(within(first).getByText('Letter ID').nextElementSibling).toHaveTextContent('41');
    expect(within(first).getByText('Subject').nextElementSibling).toHaveTextContent('Broken streetlight on Main Street');
    expect(within(first).getByText('Sender').nextElementSibling).toHaveTextContent('Anna Nowak');
    const takeButton = within(first).getByRole('button', { name: 'Take Conversation' });
    expect(takeButton).toHaveAccessibleDescription('Broken streetlight on Main Street');

    await userEvent.click(takeButton);

    expect(await screen.findByRole('alert')).toHaveTextContent(letterMessages.conversationTaken);
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(1));
    expect(within(panel).queryByText('Broken streetlight on Main Street')).not.toBeInTheDocument();
    const take = requests.find((request) => request.method === 'PUT');
    expect(take?.path).toBe('/api/conversations/21/take');
    expect(take?.query.get('employeeId')).toBe(String(jan.id));
    expect(requests.find((request) => request.query.get('status') === 'OPEN')?.query.get('employeeId')).toBe(String(jan.id));
  });

  it('shows nothing but a refreshed list when a colleague took the conversation first (409)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { state } = serve({ OPEN: [conversation({ id: 21, status: 'OPEN', employeeId: null })] });
    await openDashboard();
    const panel = screen.getByRole('tabpanel', { name: 'Take Conversations' });
    const button = await within(panel).findByRole('button', { name: 'Take Conversation' });
    state.OPEN = [];

    await userEvent.click(button);

    expect(await within(panel).findByText('No open conversations are waiting to be taken.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('employee dashboard: your conversations', () => {
  async function openChat() {
    await openDashboard();
    await userEvent.click(screen.getByRole('tab', { name: 'Your Conversations' }));
    const panel = screen.getByRole('tabpanel', { name: 'Your Conversations' });
    await userEvent.click(await within(panel).findByRole('button', { name: /Broken streetlight on Main Street/ }));
    await within(panel).findByRole('region', { name: 'Chat: Broken streetlight on Main Street' });
    return panel;
  }

  it('opens the chat beside the list, with the citizen shown by name', async () => {
    serve({ IN_PROGRESS: [conversation()] });
    const panel = await openChat();
    const log = within(panel).getByRole('log', { name: 'Messages' });
    const items = await within(log).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Anna Nowak');
    expect(items[0]).toHaveTextContent('Any news?');
    expect(items[1]).toHaveTextContent('You');
    expect(items[1]).not.toHaveTextContent('Jan Kowalski');
    expect(within(panel).getByRole('button', { name: /Broken streetlight/ })).toHaveAttribute('aria-current', 'true');
  });

  it('Show Letter opens a labelled modal with the letter; Escape closes it and focus returns', async () => {
    serve({ IN_PROGRESS: [conversation()] });
    const panel = await openChat();
    const showLetter = within(panel).getByRole('button', { name: 'Show Letter' });
    await userEvent.click(showLetter);

    const dialog = screen.getByRole('dialog', { name: 'Letter: Broken streetlight on Main Street' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByText('The streetlight in front of number 12 has been dark for a week.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(showLetter).toHaveFocus();
  });

  it("Mark as Resolved asks Yes or No: No keeps the conversation, Yes resolves it and it moves to the archive", async () => {
    const { requests } = serve({ IN_PROGRESS: [conversation()] });
    const panel = await openChat();

    await userEvent.click(within(panel).getByRole('button', { name: 'Mark as Resolved' }));
    let dialog = screen.getByRole('dialog', { name: 'Mark as resolved?' });
    expect(within(dialog).getByRole('button', { name: 'No' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests.some((request) => request.path.endsWith('/status'))).toBe(false);
    expect(within(panel).getByRole('button', { name: /Broken streetlight/ })).toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('button', { name: 'Mark as Resolved' }));
    dialog = screen.getByRole('dialog', { name: 'Mark as resolved?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(panel).findByText('You have no conversations in progress. Take one in Take Conversations.')).toBeInTheDocument();
    const put = requests.find((request) => request.path === '/api/conversations/11/status');
    expect(put).toMatchObject({ method: 'PUT', body: { status: 'RESOLVED' } });

    await userEvent.click(screen.getByRole('tab', { name: 'Archived Conversations' }));
    const archive = screen.getByRole('tabpanel', { name: 'Archived Conversations' });
    const entry = await within(archive).findByRole('listitem');
    expect(within(entry).getByText('Status').nextElementSibling).toHaveTextContent('Resolved');
    expect(within(entry).getByText('Resolved date').nextElementSibling).toHaveTextContent('14 March 2025');
  });
});

describe('employee dashboard: unread messages', () => {
  it("counts the citizen's messages to a conversation not open, not the open one's nor the employee's own; opening clears it", async () => {
    serve({ IN_PROGRESS: [conversation(), conversation({ id: 12, letterId: 32, subject: 'Park bench broken', nameSurname: 'Piotr Zieliński' })] });
    await openDashboard();
    await userEvent.click(screen.getByRole('tab', { name: 'Your Conversations' }));
    const panel = screen.getByRole('tabpanel', { name: 'Your Conversations' });
    const entry = (subject: RegExp) => within(panel).getByRole('button', { name: subject });
    await userEvent.click(await within(panel).findByRole('button', { name: /Broken streetlight/ }));
    await within(panel).findByRole('region', { name: 'Chat: Broken streetlight on Main Street' });
    const socket = FakeWebSocket.latest();
    socket.open();
    const fromAnna = { senderId: anna.id, senderName: 'Anna Nowak' };

    socket.receive({ type: 'message', conversationId: 11, message: chatMessage({ id: 501, ...fromAnna, content: 'Thanks!' }) });
    socket.receive({ type: 'message', conversationId: 12, message: chatMessage({ id: 502, conversationId: 12 }) });
    expect(await within(panel).findByText('Thanks!')).toBeInTheDocument();
    expect(within(panel).queryByText('Unread messages', { exact: false })).not.toBeInTheDocument();

    socket.receive({ type: 'message', conversationId: 12, message: chatMessage({ id: 503, conversationId: 12, ...fromAnna }) });
    socket.receive({ type: 'message', conversationId: 12, message: chatMessage({ id: 504, conversationId: 12, ...fromAnna }) });
    expect(entry(/Park bench broken/)).toHaveAccessibleName(/^Park bench broken\s*Unread messages: 2\s*Piotr Zieliński/);
    expect(within(entry(/Park bench broken/)).getByText('2').closest('.unread-badge')).toBeInTheDocument();
    expect(entry(/Broken streetlight/)).not.toHaveAccessibleName(/Unread/);

    await userEvent.click(entry(/Park bench broken/));
    await within(panel).findByRole('region', { name: 'Chat: Park bench broken' });
    expect(within(panel).queryByText('Unread messages', { exact: false })).not.toBeInTheDocument();
  });
});

describe('employee dashboard: archived conversations', () => {
  it("says 'No archived conversations available.' when there are none", async () => {
    serve({});
    await openDashboard();
    await userEvent.click(screen.getByRole('tab', { name: 'Archived Conversations' }));
    expect(await screen.findByText(letterMessages.noArchived)).toBeInTheDocument();
  });

  it('shows subject, sender, letter ID, status and a readable resolved date', async () => {
    serve({ RESOLVED: [conversation({ status: 'RESOLVED', resolvedDate: '2025-03-14T09:30:00.000Z' })] });
    await openDashboard();
    await userEvent.click(screen.getByRole('tab', { name: 'Archived Conversations' }));
    const entry = await within(screen.getByRole('tabpanel', { name: 'Archived Conversations' })).findByRole('listitem');
    const value = (label: string) => within(entry).getByText(label).nextElementSibling;
    expect(value('Subject')).toHaveTextContent('Broken streetlight on Main Street');
    expect(value('Sender')).toHaveTextContent('Anna Nowak');
    expect(value('Letter ID')).toHaveTextContent('31');
    expect(value('Status')).toHaveTextContent('Resolved');
    expect(value('Resolved date')?.querySelector('time')).toHaveAttribute('dateTime', '2025-03-14T09:30:00.000Z');
    expect(value('Resolved date')).toHaveTextContent(/14 March 2025 at \d{2}:30/);
  });
});
