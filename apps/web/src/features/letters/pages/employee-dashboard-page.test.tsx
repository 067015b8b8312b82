import { letterMessages } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeAuthToken } from '../../../lib/auth-cookie';
import { FakeWebSocket, stubWebSocket } from '../../../test/fake-websocket';
import { routeFetch, type FakeAnswer } from '../../../test/fetch';
import { renderRoute } from '../../../test/render';
import { serveLetters } from '../testing/fake-letters-server';
import { anna, chatMessage, conversation, deferred, jan } from '../testing/fixtures';

const open = (overrides: Parameters<typeof conversation>[0]) => conversation({ status: 'OPEN', employeeId: null, employeeName: null, ...overrides });
const fromAnna = { senderId: anna.id, senderName: 'Anna Nowak' };
const chat = [chatMessage({ id: 100, ...fromAnna, content: 'Any news?' }), chatMessage()];

async function openDashboard() {
  renderRoute('/employee');
  // The page is a lazy chunk: its first import in a run can take a while on a busy machine.
  expect(await screen.findByRole('heading', { level: 1, name: 'Employee Dashboard' })).toBeInTheDocument();
}

// The route loads the page lazily. Its first import in a worker (compiling the feature) took longer
// than a find waits on a busy CI machine, and failed a test that was fine: it is loaded here, in a
// hook with a minute's room, so the tests' finds wait only for what they check.
beforeAll(() => import('./employee-dashboard-page'), 60_000);

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
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Take Conversations', 'Your Conversations', 'Archived Conversations', 'My reply templates']);
    expect(within(screen.getByRole('tabpanel')).getByRole('status')).toHaveTextContent('Loading...');
    answer.resolve({ body: [] });
    expect(await screen.findByText('No open conversations are waiting to be taken.')).toBeInTheDocument();
  });

  it("lists letter ID, subject, sender, department, date received and the wait; Take Conversation says 'Conversation taken successfully!' and the entry leaves", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-12T10:00:00.000Z'));
    const server = serveLetters(jan, [
      open({ id: 21, letterId: 41, createdAt: '2025-03-10T08:00:00.000Z' }),
      open({ id: 22, letterId: 42, subject: 'Park bench', nameSurname: 'Piotr Zieliński', recipient: 'Parks and Recreation Department', createdAt: '2025-03-12T09:15:00.000Z' }),
    ]);
    await openDashboard();
    const panel = screen.getByRole('tabpanel', { name: 'Take Conversations' });

    const entries = await within(panel).findAllByRole('listitem');
    expect(entries).toHaveLength(2);
    const first = entries[0] as HTMLElement;
    const value = (label: string) => within(first).getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(within(first).getAllByRole('term').map((term) => term.textContent)).toEqual(['Letter ID', 'Subject', 'Sender', 'Department', 'Received', 'Waiting']);
    expect(value('Letter ID')).toHaveTextContent(/^L-41$/);
    expect(value('Subject')).toHaveTextContent('Broken streetlight on Main Street');
    expect(value('Sender')).toHaveTextContent('Anna Nowak');
    expect(value('Department')).toHaveTextContent('Public Works Department');
    expect(value('Received')?.querySelector('time')).toHaveAttribute('dateTime', '2025-03-10T08:00:00.000Z');
    expect(value('Waiting')).toHaveTextContent('2 days 2 hours');
    expect(within(entries[1] as HTMLElement).getByText('Waiting', { selector: 'dt' }).nextElementSibling).toHaveTextContent('45 minutes');
    const takeButton = within(first).getByRole('button', { name: 'Take Conversation' });
    expect(takeButton).toHaveAccessibleDescription('Broken streetlight on Main Street');
    vi.useRealTimers();

    await userEvent.click(takeButton);

    expect(await within(screen.getByRole('main')).findByRole('status')).toHaveTextContent(letterMessages.conversationTaken);
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(1));
    expect(within(panel).queryByText('Broken streetlight on Main Street')).not.toBeInTheDocument();
    const take = server.requests.find((request) => request.method === 'PUT');
    expect(take?.path).toBe('/api/conversations/21/take');
    expect(take?.query.get('employeeId')).toBe(String(jan.id));
    expect(server.requests.find((request) => request.query.get('status') === 'OPEN')?.query.get('employeeId')).toBe(String(jan.id));
  });

  it('shows the earliest due letter first, overdue marked in words, whatever order the server lists them in, and filters by department', async () => {
    const server = serveLetters(jan, [
      open({ id: 23, letterId: 43, subject: 'Newest', createdAt: '2025-03-12T09:00:00.000Z', dueDate: '2025-04-14', recipient: 'City Administration' }),
      open({ id: 21, letterId: 41, subject: 'Oldest', createdAt: '2025-03-10T09:00:00.000Z', dueDate: '2025-04-10', overdue: true, waitingWorkingDays: 25, recipient: 'Public Works Department' }),
      open({ id: 22, letterId: 42, subject: 'Middle', createdAt: '2025-03-11T09:00:00.000Z', dueDate: '2025-04-11', recipient: 'Public Works Department' }),
    ]);
    await openDashboard();
    const panel = screen.getByRole('tabpanel', { name: 'Take Conversations' });
    const subjects = () => within(panel).getAllByRole('listitem').map((item) => within(item).getByText('Subject', { selector: 'dt' }).nextElementSibling?.textContent);
    await within(panel).findByText('Oldest');
    expect(subjects()).toEqual(['Oldest', 'Middle', 'Newest']);
    expect(within(panel).getByText('Letters waiting: 3, earliest due first')).toBeInTheDocument();
    // Overdue in words and with its icon, not by colour alone; the waiting time in working days.
    const oldest = within(panel).getAllByRole('listitem')[0]!;
    expect(within(oldest).getByText('Overdue')).toBeInTheDocument();
    expect(within(oldest).getByText('Working days waited: 25')).toBeInTheDocument();
    expect(within(within(panel).getAllByRole('listitem')[1]!).queryByText('Overdue')).not.toBeInTheDocument();
    expect(server.requests.find((request) => request.query.get('status') === 'OPEN')?.query.get('order')).toBe('due');

    await userEvent.selectOptions(within(panel).getByLabelText('Show letters to'), 'Public Works Department');
    expect(subjects()).toEqual(['Oldest', 'Middle']);
    await userEvent.selectOptions(within(panel).getByLabelText('Show letters to'), 'Parks and Recreation Department');
    expect(within(panel).getByText('No open conversations of this department are waiting to be taken.')).toBeInTheDocument();
    await userEvent.selectOptions(within(panel).getByLabelText('Show letters to'), '');
    expect(subjects()).toEqual(['Oldest', 'Middle', 'Newest']);
  });

  it('says on the card that a colleague took it first (409), keeps the card until removed, and shows no notification', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const server = serveLetters(jan, [open({ id: 21 }), open({ id: 22, letterId: 42, subject: 'Park bench', createdAt: '2025-03-11T08:00:00.000Z' })]);
    await openDashboard();
    const panel = screen.getByRole('tabpanel', { name: 'Take Conversations' });
    const card = (await within(panel).findByText('Broken streetlight on Main Street')).closest('li') as HTMLElement;
    const colleagueTook = server.conversations.find((c) => c.id === 21);
    Object.assign(colleagueTook ?? {}, { status: 'IN_PROGRESS', employeeId: 99, employeeName: 'Maria Wiśniewska' });

    await userEvent.click(within(card).getByRole('button', { name: 'Take Conversation' }));

    const note = await within(card).findByRole('alert');
    expect(note).toHaveTextContent('Another employee took this conversation before you.');
    const remove = within(card).getByRole('button', { name: 'Remove from the list' });
    expect(remove).toHaveFocus();
    expect(within(card).queryByRole('button', { name: 'Take Conversation' })).not.toBeInTheDocument();
    // The refreshed list no longer has it, yet the card stays with its reason; the other is takeable.
    await waitFor(() => expect(server.requests.filter((r) => r.query.get('status') === 'OPEN').length).toBeGreaterThan(1));
    expect(within(panel).getAllByRole('listitem')).toHaveLength(2);
    expect(within(panel).getByText('Letters waiting: 1, earliest due first')).toBeInTheDocument();
    expect(screen.queryByText(letterMessages.conversationTaken)).not.toBeInTheDocument();

    await userEvent.click(remove);
    expect(within(panel).getAllByRole('listitem')).toHaveLength(1);
    expect(within(panel).queryByText('Broken streetlight on Main Street')).not.toBeInTheDocument();
  });

  it('stays silent when taking fails for another reason (spec section 8)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    serveLetters(jan, [open({ id: 21 })], { extra: () => undefined });
    routeFetch((request) => {
      if (request.path === '/api/users/me') return { body: jan };
      if (request.method === 'PUT') return 'network-error';
      return { body: request.query.get('status') === 'OPEN' ? [{ ...open({ id: 21 }), unreadCount: 0 }] : [] };
    });
    await openDashboard();
    const panel = screen.getByRole('tabpanel', { name: 'Take Conversations' });
    await userEvent.click(await within(panel).findByRole('button', { name: 'Take Conversation' }));
    await waitFor(() => expect(console.error).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Take Conversation' })).toBeInTheDocument();
  });
});

describe('employee dashboard: your conversations', () => {
  async function openChat() {
    await openDashboard();
    await userEvent.click(screen.getByRole('tab', { name: 'Your Conversations' }));
    const panel = screen.getByRole('tabpanel', { name: /^Your Conversations/ });
    await userEvent.click(await within(panel).findByRole('button', { name: /Broken streetlight on Main Street/ }));
    await within(panel).findByRole('region', { name: 'Chat: Broken streetlight on Main Street' });
    return panel;
  }

  it('opens the chat beside the list, with the citizen shown by name', async () => {
    serveLetters(jan, [conversation()], { messages: chat });
    const panel = await openChat();
    const log = within(panel).getByRole('log', { name: 'Messages' });
    const items = await within(log).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Anna Nowak');
    expect(items[0]).toHaveTextContent('Any news?');
    expect(items[1]).toHaveTextContent('You');
    expect(items[1]).not.toHaveTextContent('Jan Kowalski');
    expect(within(panel).getByRole('button', { name: /Broken streetlight/ })).toHaveAttribute('aria-current', 'true');
  });

  it('puts focus on the chat heading, with Show Letter, Mark as Resolved and Transfer next in the keyboard order', async () => {
    serveLetters(jan, [conversation()], { messages: chat });
    const panel = await openChat();
    const heading = within(panel).getByRole('heading', { name: 'Chat: Broken streetlight on Main Street' });
    await waitFor(() => expect(heading).toHaveFocus());
    await userEvent.tab();
    expect(within(panel).getByRole('button', { name: 'Show Letter' })).toHaveFocus();
    await userEvent.tab();
    expect(within(panel).getByRole('button', { name: 'Mark as Resolved' })).toHaveFocus();
    await userEvent.tab();
    // Issue 33: Transfer (its own chunk) follows once loaded.
    expect(await within(panel).findByRole('button', { name: 'Transfer' })).toHaveFocus();
    await userEvent.tab();
    expect(within(panel).getByRole('log', { name: 'Messages' })).toHaveFocus();
  });

  it('Show Letter opens a labelled modal at its top (focus on its heading); Escape closes it and focus returns', async () => {
    serveLetters(jan, [conversation({ content: 'A long letter. '.repeat(400) })], { messages: chat });
    const panel = await openChat();
    const showLetter = within(panel).getByRole('button', { name: 'Show Letter' });
    await userEvent.click(showLetter);

    const dialog = screen.getByRole('dialog', { name: 'Letter: Broken streetlight on Main Street' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByText(/^A long letter\./)).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Letter: Broken streetlight on Main Street' })).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Close' })).not.toHaveFocus();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(showLetter).toHaveFocus();
  });

  it('Mark as Resolved asks Yes or No: No keeps the conversation, Yes resolves it, says it moved to the archive, and it is there', async () => {
    const server = serveLetters(jan, [conversation()], { messages: chat });
    const panel = await openChat();

    await userEvent.click(within(panel).getByRole('button', { name: 'Mark as Resolved' }));
    let dialog = screen.getByRole('dialog', { name: 'Mark as resolved?' });
    expect(within(dialog).getByRole('button', { name: 'No' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.requests.some((request) => request.path.endsWith('/status'))).toBe(false);
    expect(within(panel).getByRole('button', { name: /Broken streetlight/ })).toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('button', { name: 'Mark as Resolved' }));
    dialog = screen.getByRole('dialog', { name: 'Mark as resolved?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(screen.getByRole('main')).findByRole('status')).toHaveTextContent(
      'The conversation "Broken streetlight on Main Street" was resolved and moved to Archived Conversations.',
    );
    expect(await within(panel).findByText('You have no conversations in progress. Take one in Take Conversations.')).toBeInTheDocument();
    const put = server.requests.find((request) => request.path === '/api/conversations/11/status');
    expect(put).toMatchObject({ method: 'PUT', body: { status: 'RESOLVED' } });

    await userEvent.click(screen.getByRole('tab', { name: 'Archived Conversations' }));
    const archive = screen.getByRole('tabpanel', { name: 'Archived Conversations' });
    const entry = await within(archive).findByRole('listitem');
    expect(within(entry).getByText('Status').nextElementSibling).toHaveTextContent('Resolved');
    expect(within(entry).getByText('Resolved date').nextElementSibling).toHaveTextContent('14 March 2025');
  });

  it('stays silent when resolving fails (spec section 8)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    serveLetters(jan, [conversation()], { messages: chat, extra: () => undefined });
    const panel = await openChat();
    // The notes and the contact panel beside the chat have loaded: the next request is the resolve.
    expect(await within(panel).findByText('No notes yet.')).toBeInTheDocument();
    expect(await within(panel).findByText('No unpaid obligations.')).toBeInTheDocument();
    // The fake server answers every resolve; make this one fail.
    vi.mocked(globalThis.fetch).mockImplementationOnce(async () => {
      throw new TypeError('Failed to fetch');
    });
    await userEvent.click(within(panel).getByRole('button', { name: 'Mark as Resolved' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: /Broken streetlight/ })).toBeInTheDocument();
  });

  it('with nothing in progress says so across the whole panel, with the way to Take Conversations', async () => {
    serveLetters(jan, []);
    await openDashboard();
    await userEvent.click(screen.getByRole('tab', { name: 'Your Conversations' }));
    const panel = screen.getByRole('tabpanel', { name: 'Your Conversations' });
    expect(await within(panel).findByText('You have no conversations in progress. Take one in Take Conversations.')).toBeInTheDocument();
    expect(panel.querySelector('.two-pane')).toBeNull();
    await userEvent.click(within(panel).getByRole('button', { name: 'Go to Take Conversations' }));
    expect(screen.getByRole('tab', { name: 'Take Conversations' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('employee dashboard: unread messages', () => {
  it("shows the server's counts on entries and on the tab; a pushed message from the citizen to a chat not on screen raises them, opening it reads it", async () => {
    const server = serveLetters(jan, [conversation(), conversation({ id: 12, letterId: 32, subject: 'Park bench broken', nameSurname: 'Piotr Zieliński' })], {
      messages: [chatMessage({ id: 90, conversationId: 12, ...fromAnna, content: 'Hello?' })],
    });
    await openDashboard();
    const tab = screen.getByRole('tab', { name: /Your Conversations/ });
    await waitFor(() => expect(tab).toHaveAccessibleName(/^Your Conversations\s*Unread messages: 1$/));
    const socket = FakeWebSocket.latest();
    // The socket opens and its catch-up reads both queues before the citizen writes.
    const listReads = () => server.requests.filter((r) => r.method === 'GET' && r.path === '/api/conversations').length;
    const before = listReads();
    socket.open();
    await waitFor(() => expect(listReads()).toBe(before + 2));

    // On Take Conversations: a new message from the citizen raises the tab's count.
    socket.receive({ type: 'message', conversationId: 12, message: server.add(chatMessage({ id: 91, conversationId: 12, ...fromAnna })) });
    await waitFor(() => expect(tab).toHaveAccessibleName(/^Your Conversations\s*Unread messages: 2$/));

    await userEvent.click(tab);
    const panel = screen.getByRole('tabpanel', { name: /Your Conversations/ });
    const entry = (subject: RegExp) => within(panel).getByRole('button', { name: subject });
    await within(panel).findByRole('button', { name: /Park bench broken/ });
    expect(entry(/Park bench broken/)).toHaveAccessibleName(/^Park bench broken\s*Unread messages: 2\s*Piotr Zieliński/);
    expect(entry(/Broken streetlight/)).not.toHaveAccessibleName(/Unread/);

    await userEvent.click(entry(/Park bench broken/));
    await within(panel).findByRole('region', { name: 'Chat: Park bench broken' });
    await waitFor(() => expect(entry(/Park bench broken/)).not.toHaveAccessibleName(/Unread/));
    expect(tab).toHaveAccessibleName('Your Conversations');
    expect(server.readMarks.get(`12:${jan.id}`)).toBe(91);

    // The open chat's new messages are read as they arrive; the employee's own never count.
    socket.receive({ type: 'message', conversationId: 12, message: server.add(chatMessage({ id: 92, conversationId: 12, ...fromAnna, content: 'Thanks!' })) });
    expect(await within(panel).findByText('Thanks!')).toBeInTheDocument();
    await waitFor(() => expect(server.readMarks.get(`12:${jan.id}`)).toBe(92));
    socket.receive({ type: 'message', conversationId: 11, message: server.add(chatMessage({ id: 93, conversationId: 11 })) });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(entry(/Broken streetlight/)).not.toHaveAccessibleName(/Unread/);
    expect(tab).toHaveAccessibleName('Your Conversations');
  });
});

describe('employee dashboard: archived conversations', () => {
  it("says 'No archived conversations available.' when there are none", async () => {
    serveLetters(jan, []);
    await openDashboard();
    await userEvent.click(screen.getByRole('tab', { name: 'Archived Conversations' }));
    expect(await screen.findByText(letterMessages.noArchived)).toBeInTheDocument();
  });

  it('shows subject, sender, letter ID, status and a readable resolved date', async () => {
    serveLetters(jan, [conversation({ status: 'RESOLVED', resolvedDate: '2025-03-14T09:30:00.000Z' })]);
    await openDashboard();
    await userEvent.click(screen.getByRole('tab', { name: 'Archived Conversations' }));
    const entry = await within(screen.getByRole('tabpanel', { name: 'Archived Conversations' })).findByRole('listitem');
    const value = (label: string) => within(entry).getByText(label).nextElementSibling;
    expect(value('Subject')).toHaveTextContent('Broken streetlight on Main Street');
    expect(value('Sender')).toHaveTextContent('Anna Nowak');
    expect(value('Letter ID')).toHaveTextContent(/^L-31$/);
    expect(value('Status')).toHaveTextContent('Resolved');
    expect(value('Resolved date')?.querySelector('time')).toHaveAttribute('dateTime', '2025-03-14T09:30:00.000Z');
    expect(value('Resolved date')).toHaveTextContent(/14 March 2025 at \d{2}:30/);
  });

  it('opens one read-only: the letter and the chat, no message box; Back returns to its card', async () => {
    serveLetters(jan, [conversation({ status: 'RESOLVED', resolvedDate: '2025-03-14T09:30:00.000Z' })], { messages: chat });
    await openDashboard();
    await userEvent.click(screen.getByRole('tab', { name: 'Archived Conversations' }));
    const archive = screen.getByRole('tabpanel', { name: 'Archived Conversations' });
    const read = await within(archive).findByRole('button', { name: 'Read the conversation' });
    expect(read).toHaveAccessibleDescription('Broken streetlight on Main Street');
    await userEvent.click(read);

    const reader = await within(archive).findByRole('region', { name: 'Archived conversation: Broken streetlight on Main Street' });
    await waitFor(() => expect(within(reader).getByRole('heading', { name: /^Archived conversation/ })).toHaveFocus());
    const letter = within(reader).getByRole('region', { name: 'The letter' });
    expect(within(letter).getByText('The streetlight in front of number 12 has been dark for a week.')).toBeInTheDocument();
    expect(within(letter).getByText('Sender').nextElementSibling).toHaveTextContent('Anna Nowak');
    expect(await within(reader).findByText('Any news?')).toBeInTheDocument();
    expect(within(reader).getByText('We will send a crew tomorrow.')).toBeInTheDocument();
    expect(within(reader).queryByLabelText('Your message')).not.toBeInTheDocument();
    expect(within(reader).queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();

    await userEvent.click(within(archive).getByRole('button', { name: 'Back to Archived Conversations' }));
    expect(await within(archive).findByRole('button', { name: 'Read the conversation' })).toHaveFocus();
  });
});
