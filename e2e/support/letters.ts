import type { ConversationResponse, Department, MessageResponse } from '@portal/contract';
import { expect, test, type APIRequestContext, type Browser, type Page, type WebSocket } from '@playwright/test';
import { loginAs, type Credentials } from './portal';

// Helpers of the letters browser tests: a second person in their own browser, the API calls that
// set a scene up quickly, and waits for the one live event a test means.

/** A second, independent browser (own cookies) logged in as `who`, so two people use the portal at once. */
export async function openSecondBrowser(browser: Browser, who: Credentials, options: { language?: 'en' | 'pl' } = {}): Promise<Page> {
  const { baseURL, viewport, locale } = test.info().project.use;
  const context = await browser.newContext({ baseURL, viewport, locale });
  if (options.language) await context.addInitScript((language) => localStorage.setItem('portal.language', language), options.language);
  const page = await context.newPage();
  await loginAs(page, who.username, who.password);
  return page;
}

/** Opens the page in `language` from its first paint (the choice the language switch stores). */
export async function useLanguage(page: Page, language: 'en' | 'pl'): Promise<void> {
  await page.context().addInitScript((chosen) => localStorage.setItem('portal.language', chosen), language);
}

/** Someone's API session: their token and id, for setting a scene up without clicking through it. */
export type ApiSession = { token: string; userId: number; headers: { Authorization: string } };

export async function apiSession(request: APIRequestContext, who: Credentials): Promise<ApiSession> {
  const login = await request.post('/login', { data: { username: who.username, password: who.password } });
  expect(login.status(), `POST /login as ${who.username}`).toBe(200);
  const { tokenJWT } = (await login.json()) as { tokenJWT: string };
  const headers = { Authorization: `Bearer ${tokenJWT}` };
  const me = await request.get('/api/users/me', { headers });
  return { token: tokenJWT, userId: ((await me.json()) as { id: number }).id, headers };
}

export async function writeLetter(
  request: APIRequestContext,
  author: ApiSession,
  letter: { subject: string; content?: string; recipient?: Department },
): Promise<ConversationResponse> {
  const response = await request.post('/api/letters', {
    headers: author.headers,
    data: {
      userID: author.userId,
      subject: letter.subject,
      content: letter.content ?? `About: ${letter.subject}`,
      recipient: letter.recipient ?? 'Public Works Department',
      sentAt: new Date().toISOString(),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as ConversationResponse;
}

export async function takeConversation(request: APIRequestContext, employee: ApiSession, conversationId: number): Promise<void> {
  const response = await request.put(`/api/conversations/${conversationId}/take?employeeId=${employee.userId}`, { headers: employee.headers });
  expect(response.status(), await response.text()).toBe(200);
}

export async function sendMessage(request: APIRequestContext, sender: ApiSession, conversationId: number, content: string): Promise<MessageResponse> {
  const response = await request.post(`/api/conversations/${conversationId}/messages/send`, {
    headers: sender.headers,
    data: { conversationId, senderId: sender.userId, content, sentAt: new Date().toISOString() },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as MessageResponse;
}

/** A tag that makes this test's subjects unique in the shared database. */
export function uniqueTag(): string {
  return `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 46656).toString(36)}`;
}

/** Resolves with the page's live-update socket once the page has made it (start waiting before navigating). */
function liveSocket(page: Page): Promise<WebSocket> {
  return page.waitForEvent('websocket', (socket) => new URL(socket.url()).pathname === '/api/ws');
}

/**
 * The page's live-update socket once its handshake is answered (call before navigating, await
 * `opened` after). The API registers a socket before it answers the handshake, so an event sent
 * from then on reaches it; Playwright tells only when a socket is made, Chromium's own protocol when
 * it is answered.
 */
export async function watchLiveSocket(page: Page): Promise<{ opened: Promise<WebSocket> }> {
  const made = liveSocket(page);
  const cdp = await page.context().newCDPSession(page);
  const ours = new Set<string>();
  const answered = new Promise<void>((resolve) => {
    cdp.on('Network.webSocketCreated', ({ requestId, url }) => {
      if (new URL(url).pathname === '/api/ws') ours.add(requestId);
    });
    cdp.on('Network.webSocketHandshakeResponseReceived', ({ requestId, response }) => {
      if (ours.has(requestId) && response.status === 101) resolve();
    });
  });
  await cdp.send('Network.enable');
  return { opened: Promise.all([made, answered]).then(([socket]) => socket) };
}

const payloadOf = (frame: { payload: string | Buffer }) => (typeof frame.payload === 'string' ? frame.payload : frame.payload.toString());

/** Waits for the pushed event about `conversationId` of `type` (and `status`, for a status event). */
export async function liveEvent(socket: WebSocket, match: { type: 'message' | 'status'; conversationId: number; status?: string }): Promise<void> {
  await socket.waitForEvent('framereceived', (frame) => {
    const event = JSON.parse(payloadOf(frame)) as { type: string; conversationId: number; status?: string };
    return event.type === match.type && event.conversationId === match.conversationId && (match.status === undefined || event.status === match.status);
  });
}
