import { CHAT_BOX_MAX_HEIGHT_PX, letterMessages, type MessageResponse } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storeAuthToken } from '../../../lib/auth-cookie';
import { stubWebSocket, FakeWebSocket } from '../../../test/fake-websocket';
import { renderRoute } from '../../../test/render';
import { routeFetch, type FakeAnswer, type FakeRequest } from '../../../test/fetch';
import { anna, chatMessage, conversation, deferred } from '../testing/fixtures';

function serve(extra: (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer> | undefined = () => undefined) {
  return routeFetch((request) => {
    if (request.method === 'GET' && request.path === '/api/users/me') return { body: anna };
    return extra(request);
  });
}

async function openDashboard() {
  renderRoute('/user');
  expect(await screen.findByRole('heading', { level: 1, name: 'User Dashboard' })).toBeInTheDocument();
}

async function fillLetter() {
  const panel = screen.getByRole('tabpanel', { name: 'Create a Letter' });
  await userEvent.type(within(panel).getByLabelText('Subject'), 'Broken streetlight');
  await userEvent.type(within(panel).getByLabelText('Body'), 'The lamp at Main Street 12 is dark.');
  await userEvent.selectOptions(within(panel).getByLabelText('Department'), 'Public Works Department');
  return panel;
}

beforeEach(() => {
  storeAuthToken('token');
  stubWebSocket();
});

describe('user dashboard: create a letter', () => {
  it('welcomes the citizen and opens on Create a Letter with subject, body and the three departments', async () => {
    serve();
    await openDashboard();
    expect(screen.getByText('Welcome, Anna!')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Create a Letter' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Your Conversations' })).toBeInTheDocument();
    const options = within(screen.getByLabelText('Department')).getAllByRole('option').map((option) => option.getAttribute('value'));
    expect(options).toEqual(['', 'City Administration', 'Public Works Department', 'Parks and Recreation Department']);
  });

  it("says 'Subject, body, and department are required.' once, marks the fields and sends nothing", async () => {
    const requests = serve();
    await openDashboard();
    const panel = screen.getByRole('tabpanel', { name: 'Create a Letter' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Submit' }));

    expect(await within(panel).findAllByText(letterMessages.required)).toHaveLength(1);
    for (const label of ['Subject', 'Body', 'Department']) {
      expect(within(panel).getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
      expect(within(panel).getByLabelText(label)).toHaveAccessibleDescription(letterMessages.required);
    }
    expect(requests.filter((request) => request.path === '/api/letters')).toEqual([]);
  });

  it('asks for the department when only it is missing', async () => {
    serve();
    await openDashboard();
    const panel = screen.getByRole('tabpanel', { name: 'Create a Letter' });
    await userEvent.type(within(panel).getByLabelText('Subject'), 'Tax');
    await userEvent.type(within(panel).getByLabelText('Body'), 'A question.');
    await userEvent.click(within(panel).getByRole('button', { name: 'Submit' }));

    expect(await within(panel).findByText(letterMessages.required)).toBeInTheDocument();
    expect(within(panel).getByLabelText('Department')).toHaveAttribute('aria-invalid', 'true');
    expect(within(panel).getByLabelText('Subject')).not.toHaveAttribute('aria-invalid');
  });

  it("posts the letter, shows 'Letter created successfully!' and clears the form; the button is busy meanwhile", async () => {
    const answer = deferred<FakeAnswer>();
    const requests = serve((request) => (request.method === 'POST' && request.path === '/api/letters' ? answer.promise : undefined));
    await openDashboard();
    const panel = await fillLetter();
    const before = Date.now();
    await userEvent.click(within(panel).getByRole('button', { name: 'Submit' }));

    const busy = await within(panel).findByRole('button', { name: 'Sending...' });
    expect(busy).toBeDisabled();
    answer.resolve({ status: 201, body: conversation({ status: 'OPEN' }) });

    expect(await screen.findByRole('alert')).toHaveTextContent(letterMessages.created);
    const sent = requests.find((request) => request.path === '/api/letters');
    expect(sent?.body).toEqual({
      subject: 'Broken streetlight',
      content: 'The lamp at Main Street 12 is dark.',
      recipient: 'Public Works Department',
      userID: anna.id,
      sentAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    const sentAt = (sent?.body as { sentAt: string }).sentAt;
    expect(Date.parse(sentAt)).toBeGreaterThanOrEqual(before - 1000);
    await waitFor(() => expect(within(panel).getByLabelText('Subject')).toHaveValue(''));
    expect(within(panel).getByLabelText('Body')).toHaveValue('');
    expect(within(panel).getByLabelText('Department')).toHaveValue('');
    expect(within(panel).getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it("says 'Failed to create letter.' when the server answers with an error status and keeps the text", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    serve((request) => (request.path === '/api/letters' ? { status: 500, body: { error: 'Internal', message: 'x' } } : undefined));
    await openDashboard();
    const panel = await fillLetter();
    await userEvent.click(within(panel).getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(letterMessages.failed);
    expect(within(panel).getByLabelText('Subject')).toHaveValue('Broken streetlight');
  });

  it("says 'An error occurred while creating the letter.' when the call fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    serve((request) => (request.path === '/api/letters' ? 'network-error' : undefined));
    await openDashboard();
    const panel = await fillLetter();
    await userEvent.click(within(panel).getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(letterMessages.error);
  });

  it('shows the form and its message in Polish', async () => {
    serve();
    await openDashboard();
    await userEvent.click(screen.getByRole('button', { name: 'Polski' }));
    const panel = screen.getByRole('tabpanel', { name: 'Napisz list' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Wyślij' }));
    expect(await within(panel).findByText('Temat, treść i wydział są wymagane.')).toBeInTheDocument();
    expect(within(panel).getByLabelText('Wydział')).toHaveAccessibleDescription('Temat, treść i wydział są wymagane.');
  });
});

describe('user dashboard: your conversations', () => {
  async function openConversations() {
    await openDashboard();
    await userEvent.click(screen.getByRole('tab', { name: 'Your Conversations' }));
    return screen.getByRole('tabpanel', { name: 'Your Conversations' });
  }

  it("says 'No conversations available' when the citizen has none", async () => {
    serve((request) => (request.path === `/api/conversations/user/${anna.id}` ? { body: [] } : undefined));
    const panel = await openConversations();
    expect(await within(panel).findByText(letterMessages.noConversations)).toBeInTheDocument();
  });

  it("cuts each subject to its first 6 characters and '...', keeping the full subject for assistive technology", async () => {
    serve((request) =>
      request.path === `/api/conversations/user/${anna.id}`
        ? { body: [conversation(), conversation({ id: 12, subject: 'Żółć ąę — długi temat', status: 'OPEN' }), conversation({ id: 13, subject: 'Tax', status: 'RESOLVED' })] }
        : undefined,
    );
    const panel = await openConversations();

    expect(await within(panel).findByText('Broken...')).toBeInTheDocument();
    expect(within(panel).getByText('Żółć ą...')).toBeInTheDocument();
    expect(within(panel).getByText('Tax...')).toBeInTheDocument();
    const entry = within(panel).getByRole('button', { name: /Broken streetlight on Main Street/ });
    expect(entry).toHaveAttribute('title', 'Broken streetlight on Main Street');
    expect(entry).toHaveTextContent('In progress');
    expect(within(panel).queryByText('Broken streetlight on Main Street', { selector: '.picker__subject' })).not.toBeInTheDocument();
  });

  function serveChat(messages: MessageResponse[], send?: (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>, status: 'IN_PROGRESS' | 'RESOLVED' = 'IN_PROGRESS') {
    return serve((request) => {
      if (request.path === `/api/conversations/user/${anna.id}`) return { body: [conversation({ status })] };
      if (request.method === 'GET' && request.path === '/api/conversations/11/messages') return { body: messages };
      if (request.method === 'POST' && request.path === '/api/conversations/11/messages/send' && send) return send(request);
      return undefined;
    });
  }

  async function openChat() {
    const panel = await openConversations();
    await userEvent.click(await within(panel).findByRole('button', { name: /Broken streetlight/ }));
    return within(panel).findByRole('region', { name: 'Chat: Broken streetlight on Main Street' });
  }

  it("opens the chat: others by name, own messages as 'You', in a box of at most 300 px that scrolls", async () => {
    serveChat([chatMessage(), chatMessage({ id: 102, senderId: anna.id, senderName: 'Anna Nowak', content: 'Thank you!' })]);
    const chat = await openChat();
    const log = within(chat).getByRole('log', { name: 'Messages' });

    const items = await within(log).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Jan Kowalski');
    expect(items[0]).toHaveTextContent('We will send a crew tomorrow.');
    expect(items[1]).toHaveTextContent('You');
    expect(items[1]).not.toHaveTextContent('Anna Nowak');
    expect(log).toHaveStyle({ maxHeight: `${CHAT_BOX_MAX_HEIGHT_PX}px` });
    expect(log).toHaveAttribute('tabindex', '0');
    expect(within(chat).getByLabelText('Your message')).toBeEnabled();
  });

  it('does not send an empty or whitespace-only message', async () => {
    const send = vi.fn((): FakeAnswer => ({ status: 201, body: chatMessage() }));
    serveChat([], send);
    const chat = await openChat();
    await within(chat).findByText('No messages yet. Write the first one below.');

    await userEvent.click(within(chat).getByRole('button', { name: 'Send' }));
    await userEvent.type(within(chat).getByLabelText('Your message'), '   ');
    await userEvent.click(within(chat).getByRole('button', { name: 'Send' }));
    await userEvent.type(within(chat).getByLabelText('Your message'), '{Enter}');

    expect(send).not.toHaveBeenCalled();
    expect(within(chat).getByLabelText('Your message')).toHaveAccessibleDescription(letterMessages.messageEmpty);
    expect(within(chat).queryAllByRole('listitem')).toHaveLength(0);
  });

  it("shows a sent message at once as from 'You', then fetches the messages again", async () => {
    const answer = deferred<FakeAnswer>();
    const saved = chatMessage({ id: 103, senderId: anna.id, senderName: 'Anna Nowak', content: 'Is there any news?' });
    let messagesOnServer: MessageResponse[] = [chatMessage()];
    const requests = serve((request) => {
      if (request.path === `/api/conversations/user/${anna.id}`) return { body: [conversation()] };
      if (request.method === 'GET' && request.path === '/api/conversations/11/messages') return { body: messagesOnServer };
      if (request.method === 'POST' && request.path === '/api/conversations/11/messages/send') return answer.promise;
      return undefined;
    });
    const chat = await openChat();
    await within(chat).findByText('We will send a crew tomorrow.');

    await userEvent.type(within(chat).getByLabelText('Your message'), '  Is there any news?  {Enter}');

    const pending = await within(chat).findByText('Is there any news?');
    const item = pending.closest('li');
    expect(item).toHaveTextContent('You');
    expect(item).toHaveTextContent('sending...');
    expect(within(chat).getByLabelText('Your message')).toHaveValue('');
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.body).toEqual({ conversationId: 11, senderId: anna.id, content: 'Is there any news?', sentAt: expect.any(String) });
    const fetchesBefore = requests.filter((request) => request.path === '/api/conversations/11/messages').length;

    messagesOnServer = [chatMessage(), saved];
    answer.resolve({ status: 201, body: saved });

    await waitFor(() => expect(requests.filter((request) => request.path === '/api/conversations/11/messages').length).toBe(fetchesBefore + 1));
    await waitFor(() => expect(within(chat).queryByText('sending...', { exact: false })).not.toBeInTheDocument());
    expect(within(chat).getAllByText('Is there any news?')).toHaveLength(1);
  });

  it('takes the optimistic message away and gives the text back when sending fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    serveChat([], () => ({ status: 409, body: { error: 'Conflict', message: 'Resolved' } }));
    const chat = await openChat();
    await within(chat).findByText('No messages yet. Write the first one below.');

    await userEvent.type(within(chat).getByLabelText('Your message'), 'Hello?{Enter}');

    await waitFor(() => expect(within(chat).getByLabelText('Your message')).toHaveValue('Hello?'));
    expect(within(chat).queryAllByRole('listitem')).toHaveLength(0);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('closes a resolved conversation for writing', async () => {
    serveChat([chatMessage()], undefined, 'RESOLVED');
    const chat = await openChat();
    expect(within(chat).getByText('This conversation is resolved and closed. No more messages can be sent.')).toBeInTheDocument();
    expect(within(chat).getByLabelText('Your message')).toBeDisabled();
    expect(within(chat).getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('shows a message pushed over the WebSocket without reloading, and ignores malformed frames', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    serveChat([chatMessage()]);
    const chat = await openChat();
    await within(chat).findByText('We will send a crew tomorrow.');
    const socket = FakeWebSocket.latest();
    expect(socket.url).toMatch(/^ws:\/\/localhost(:\d+)?\/api\/ws\?token=token$/);
    socket.open();
    expect(socket.sent).toContainEqual({ type: 'subscribe', conversationId: 11 });

    socket.receive('not json');
    socket.receive({ type: 'message', conversationId: 11, message: { id: 'x' } });
    socket.receive({ type: 'message', conversationId: 11, message: chatMessage({ id: 104, content: 'The crew is on its way.' }) });
    socket.receive({ type: 'message', conversationId: 11, message: chatMessage({ id: 104, content: 'The crew is on its way.' }) });

    expect(await within(chat).findByText('The crew is on its way.')).toBeInTheDocument();
    expect(within(chat).getAllByRole('listitem')).toHaveLength(2);
  });
});

describe('user dashboard: unread messages', () => {
  const street = conversation();
  const bench = conversation({ id: 12, letterId: 32, subject: 'Park bench broken' });

  function serveTwo() {
    return serve((request) => {
      if (request.path === `/api/conversations/user/${anna.id}`) return { body: [street, bench] };
      if (request.method === 'GET' && /^\/api\/conversations\/1[12]\/messages$/.test(request.path)) return { body: [] };
      return undefined;
    });
  }

  async function openList() {
    await openDashboard();
    await userEvent.click(screen.getByRole('tab', { name: 'Your Conversations' }));
    const panel = screen.getByRole('tabpanel', { name: 'Your Conversations' });
    await within(panel).findByRole('button', { name: /Park bench broken/ });
    const socket = FakeWebSocket.latest();
    socket.open();
    return { panel, socket };
  }

  const entry = (panel: HTMLElement, subject: RegExp) => within(panel).getByRole('button', { name: subject });
  const fromJan = (conversationId: number, id: number) => ({ type: 'message', conversationId, message: chatMessage({ id, conversationId }) });

  it('counts messages from the employee in a conversation that is not open, and opening it clears the count', async () => {
    serveTwo();
    const { panel, socket } = await openList();
    expect(within(panel).queryByText('Unread messages', { exact: false })).not.toBeInTheDocument();

    socket.receive(fromJan(12, 201));
    expect(entry(panel, /Park bench broken/)).toHaveAccessibleName(/^Park bench broken\s*Unread messages: 1\s*In progress$/);
    expect(within(entry(panel, /Park bench broken/)).getByText('1').closest('.unread-badge')).toBeInTheDocument();

    socket.receive(fromJan(12, 202));
    socket.receive(fromJan(12, 202)); // the same message again counts once
    expect(entry(panel, /Park bench broken/)).toHaveAccessibleName(/Unread messages: 2(?!\d)/);
    expect(within(entry(panel, /Park bench broken/)).getByText('2').closest('.unread-badge')).toBeInTheDocument();
    expect(entry(panel, /Broken streetlight/)).not.toHaveAccessibleName(/Unread/);

    await userEvent.click(entry(panel, /Park bench broken/));
    await within(panel).findByRole('region', { name: 'Chat: Park bench broken' });
    expect(entry(panel, /Park bench broken/)).not.toHaveAccessibleName(/Unread/);
    expect(within(panel).queryByText('Unread messages', { exact: false })).not.toBeInTheDocument();
  });

  it('does not count a message for the open conversation nor one the citizen sent herself', async () => {
    serveTwo();
    const { panel, socket } = await openList();
    await userEvent.click(entry(panel, /Broken streetlight/));
    await within(panel).findByRole('region', { name: 'Chat: Broken streetlight on Main Street' });

    socket.receive(fromJan(11, 301));
    socket.receive({ type: 'message', conversationId: 12, message: chatMessage({ id: 302, conversationId: 12, senderId: anna.id, senderName: 'Anna Nowak' }) });
    expect(await within(panel).findByText('We will send a crew tomorrow.')).toBeInTheDocument();
    expect(within(panel).queryByText('Unread messages', { exact: false })).not.toBeInTheDocument();
    expect(entry(panel, /Broken streetlight/)).not.toHaveAccessibleName(/Unread/);
    expect(entry(panel, /Park bench broken/)).not.toHaveAccessibleName(/Unread/);

    // The open chat's messages were never counted, so leaving it for another shows no stale count.
    socket.receive(fromJan(12, 303));
    expect(entry(panel, /Park bench broken/)).toHaveAccessibleName(/Unread messages: 1/);
    await userEvent.click(entry(panel, /Park bench broken/));
    await within(panel).findByRole('region', { name: 'Chat: Park bench broken' });
    expect(within(panel).queryByText('Unread messages', { exact: false })).not.toBeInTheDocument();
  });

  it('reads the count in Polish', async () => {
    serveTwo();
    const { panel, socket } = await openList();
    await userEvent.click(screen.getByRole('button', { name: 'Polski' }));
    socket.receive(fromJan(12, 401));
    expect(entry(panel, /Park bench broken/)).toHaveAccessibleName(/Nieprzeczytane wiadomości: 1/);
  });
});
