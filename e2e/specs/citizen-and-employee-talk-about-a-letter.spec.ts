import { CHAT_BOX_MAX_HEIGHT_PX, letterMessages, SUBJECT_PREVIEW_LENGTH } from '@portal/contract';
import { expect, test, type Browser, type Page, type WebSocket } from '@playwright/test';
import { apiSession, sendMessage, takeConversation, uniqueTag, writeLetter } from '../support/letters';
import { demoAccounts, expectNoAxeViolations, firstNameOf, loginAs, registerCitizen, type Credentials } from '../support/portal';

/** A second, independent browser (own cookies) logged in as `who`, so two people use the portal at once. */
async function openSecondBrowser(browser: Browser, who: Credentials): Promise<Page> {
  const { baseURL, viewport, locale } = test.info().project.use;
  const context = await browser.newContext({ baseURL, viewport, locale });
  const page = await context.newPage();
  await loginAs(page, who.username, who.password);
  return page;
}

/**
 * The page's live-update sockets (one per tab, shared with the header's notification list; a new
 * page load opens a new one). `followed(id)` waits until one of them asks the server to follow
 * conversation `id` (so that socket is open and listening): the frame meant, whichever socket sends it.
 */
function liveSockets(page: Page): { followed: (conversationId: number) => Promise<void> } {
  const sockets: WebSocket[] = [];
  const listeners = new Set<(socket: WebSocket) => void>();
  page.on('websocket', (socket) => {
    if (new URL(socket.url()).pathname !== '/api/ws') return;
    sockets.push(socket);
    for (const listen of listeners) listen(socket);
  });
  return {
    followed: (conversationId) =>
      new Promise<void>((resolve) => {
        const listen = (socket: WebSocket) =>
          socket.on('framesent', (frame) => {
            const payload = typeof frame.payload === 'string' ? frame.payload : frame.payload.toString();
            if (payload.includes('"subscribe"') && payload.includes(`"conversationId":${conversationId}`)) resolve();
          });
        listeners.add(listen);
        for (const socket of sockets) listen(socket);
      }),
  };
}

test.describe('a citizen and an employee talk about a letter', () => {
  test('from the letter, through a live chat, to the archive', async ({ page, request, browser }) => {
    test.setTimeout(120_000);
    const citizen = await registerCitizen(request);
    const employeeFirstName = await firstNameOf(request, demoAccounts.employee);
    const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
    const subject = `Streetlight out ${tag}`;
    const body = `The streetlight in front of Lipowa 7 has been dark since Monday (${tag}).`;

    // The citizen: no conversations yet.
    await loginAs(page, citizen.username, citizen.password);
    const citizenSockets = liveSockets(page);
    await page.goto('/user');
    await expect(page.getByRole('heading', { level: 1, name: 'User Dashboard' })).toBeVisible();
    await expect(page.getByText(`Welcome, ${citizen.firstName}!`)).toBeVisible();
    await page.getByRole('tab', { name: 'Your Conversations' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Your Conversations' }).getByText(letterMessages.noConversations, { exact: true })).toBeVisible();

    // An empty letter is refused with the spec's message; then the letter is sent.
    await page.getByRole('tab', { name: 'Create a Letter' }).click();
    const form = page.getByRole('tabpanel', { name: 'Create a Letter' });
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByText(letterMessages.required, { exact: true })).toBeVisible();
    await expect(form.getByLabel('Subject', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);

    await form.getByLabel('Subject', { exact: true }).fill(subject);
    await form.getByLabel('Body', { exact: true }).fill(body);
    await form.getByLabel('Department', { exact: true }).selectOption('Public Works Department');
    const created = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/letters' && response.request().method() === 'POST');
    await form.getByRole('button', { name: 'Submit' }).click();
    const answer = await created;
    expect([200, 201]).toContain(answer.status());
    const letter = (await answer.json()) as { id: number; letterId: number };
    await expect(page.getByRole('status').filter({ hasText: letterMessages.created })).toBeVisible();
    await expect(form.getByLabel('Subject', { exact: true })).toHaveValue('');
    await expect(form.getByLabel('Body', { exact: true })).toHaveValue('');

    // The employee sees it among the open conversations and takes it.
    const employee = await openSecondBrowser(browser, demoAccounts.employee);
    const employeeSockets = liveSockets(employee);
    await employee.goto('/employee');
    await expect(employee.getByRole('heading', { level: 1, name: 'Employee Dashboard' })).toBeVisible();
    const openList = employee.getByRole('tabpanel', { name: 'Take Conversations' });
    const card = openList.getByRole('listitem').filter({ hasText: subject });
    await expect(card).toBeVisible();
    await expect(card.getByRole('definition').nth(0)).toHaveText(`L-${letter.letterId}`);
    await expect(card.getByRole('definition').nth(1)).toHaveText(subject);
    await expect(card.getByRole('definition').nth(2)).toHaveText(`${citizen.firstName} ${citizen.lastName}`);
    // The spec's three, then the queue's own (issue 9): department, date received, how long it waited.
    await expect(card.getByRole('term')).toHaveText(['Letter ID', 'Subject', 'Sender', 'Department', 'Received', 'Waiting']);
    await expectNoAxeViolations(employee);
    await card.getByRole('button', { name: 'Take Conversation' }).click();
    await expect(employee.getByRole('status').filter({ hasText: letterMessages.conversationTaken })).toBeVisible();
    await expect(card).toHaveCount(0);

    // The citizen opens the chat: the subject is cut to 6 characters and '...'; the box is at most 300 px.
    await page.getByRole('tab', { name: 'Your Conversations' }).click();
    const citizenPanel = page.getByRole('tabpanel', { name: 'Your Conversations' });
    const preview = `${subject.slice(0, SUBJECT_PREVIEW_LENGTH)}...`;
    await expect(citizenPanel.getByText(preview, { exact: true })).toBeVisible();
    // The full subject stays available: as the entry's accessible name and as its tooltip.
    const entry = citizenPanel.getByRole('button', { name: new RegExp(subject) });
    await expect(entry).toHaveAttribute('title', subject);
    await expect(entry.getByText(preview, { exact: true })).toBeVisible();
    const citizenFollows = citizenSockets.followed(letter.id);
    await entry.click();
    await citizenFollows;
    const citizenChat = citizenPanel.getByRole('region', { name: `Chat: ${subject}` });
    const citizenLog = citizenChat.getByRole('log', { name: 'Messages' });
    await expect(citizenLog).toBeVisible();
    expect(await citizenLog.evaluate((element) => getComputedStyle(element).maxHeight)).toBe(`${CHAT_BOX_MAX_HEIGHT_PX}px`);
    expect(await citizenLog.evaluate((element) => getComputedStyle(element).overflowY)).toBe('auto');
    await expectNoAxeViolations(page);

    // The employee opens the same chat.
    await employee.getByRole('tab', { name: 'Your Conversations' }).click();
    const employeePanel = employee.getByRole('tabpanel', { name: 'Your Conversations' });
    const employeeFollows = employeeSockets.followed(letter.id);
    await employeePanel.getByRole('button', { name: new RegExp(subject) }).click();
    await employeeFollows;
    const employeeChat = employeePanel.getByRole('region', { name: `Chat: ${subject}` });
    await expect(employeeChat.getByRole('log', { name: 'Messages' })).toBeVisible();

    // Each side writes; the other sees it within 2 s without reloading.
    const question = `Is there any news? ${tag}`;
    await citizenChat.getByLabel('Your message', { exact: true }).fill(question);
    await citizenChat.getByRole('button', { name: 'Send' }).click();
    const ownMessage = citizenLog.getByRole('listitem').filter({ hasText: question });
    await expect(ownMessage).toBeVisible();
    await expect(ownMessage).toContainText('You');
    const received = employeeChat.getByRole('listitem').filter({ hasText: question });
    await expect(received).toBeVisible({ timeout: 2000 });
    await expect(received).toContainText(`${citizen.firstName} ${citizen.lastName}`);

    const reply = `A crew is on its way. ${tag}`;
    await employeeChat.getByLabel('Your message', { exact: true }).fill(reply);
    await employeeChat.getByRole('button', { name: 'Send' }).click();
    const replyAtCitizen = citizenLog.getByRole('listitem').filter({ hasText: reply });
    await expect(replyAtCitizen).toBeVisible({ timeout: 2000 });
    await expect(replyAtCitizen).toContainText(employeeFirstName);
    await expect(replyAtCitizen).not.toContainText('You');
    await expect(employeeChat.getByRole('listitem').filter({ hasText: reply })).toContainText('You');
    // The optimistic copy was replaced, not doubled, once the server answered.
    await expect(ownMessage).toHaveCount(1);
    await expect(ownMessage).not.toContainText('sending...');

    // Show Letter: a labelled modal with the letter; Escape closes it and focus returns.
    const showLetter = employeePanel.getByRole('button', { name: 'Show Letter' });
    await showLetter.click();
    const letterDialog = employee.getByRole('dialog', { name: `Letter: ${subject}` });
    await expect(letterDialog).toBeVisible();
    await expect(letterDialog.getByText(body, { exact: true })).toBeVisible();
    // It opens at its top (issue 9): focus on its heading, not on Close under the letter.
    await expect(letterDialog.getByRole('heading', { name: `Letter: ${subject}` })).toBeFocused();
    await expectNoAxeViolations(employee);
    await employee.keyboard.press('Escape');
    await expect(letterDialog).toBeHidden();
    await expect(showLetter).toBeFocused();

    // Mark as Resolved: No keeps the conversation, Yes resolves it.
    await employeePanel.getByRole('button', { name: 'Mark as Resolved' }).click();
    const confirm = employee.getByRole('dialog', { name: 'Mark as resolved?' });
    await expect(confirm.getByRole('button', { name: 'Yes' })).toBeVisible();
    await expectNoAxeViolations(employee);
    await confirm.getByRole('button', { name: 'No' }).click();
    await expect(confirm).toBeHidden();
    await expect(employeePanel.getByRole('button', { name: new RegExp(subject) })).toBeVisible();

    await employeePanel.getByRole('button', { name: 'Mark as Resolved' }).click();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect(confirm).toBeHidden();
    await expect(employeePanel.getByRole('button', { name: new RegExp(subject) })).toHaveCount(0);

    // It is in the archive, with a resolved date.
    await employee.getByRole('tab', { name: 'Archived Conversations' }).click();
    const archived = employee.getByRole('tabpanel', { name: 'Archived Conversations' }).getByRole('listitem').filter({ hasText: subject });
    await expect(archived).toBeVisible();
    await expect(archived.getByRole('term')).toHaveText(['Subject', 'Sender', 'Letter ID', 'Status', 'Resolved date']);
    await expect(archived.getByRole('definition')).toHaveText([
      subject,
      `${citizen.firstName} ${citizen.lastName}`,
      `L-${letter.letterId}`,
      'Resolved',
      /\d{1,2} \w+ \d{4} at \d{2}:\d{2}/,
    ]);
    const resolvedAt = await archived.locator('time').getAttribute('datetime');
    expect(Math.abs(Date.parse(resolvedAt ?? '') - Date.now())).toBeLessThan(5 * 60_000);
    await expectNoAxeViolations(employee);

    // The citizen's chat closes without a reload: an outcome line with who resolved it, when, and the
    // clerk's last message takes the message box's place (issue 35).
    await expect(citizenChat.getByText('This conversation is resolved and closed. No more messages can be sent.')).toBeVisible();
    await expect(citizenChat.getByText(new RegExp(`^Resolved by .+ on \\d{1,2} [A-Z][a-z]+ \\d{4}: ${reply}$`))).toBeVisible();
    await expect(citizenChat.getByLabel('Your message', { exact: true })).toHaveCount(0);
    await expect(citizenChat.getByRole('button', { name: 'Send' })).toHaveCount(0);
    await expect(citizenPanel.getByRole('button', { name: new RegExp(subject) })).toContainText('Resolved');
    await expectNoAxeViolations(page);

    await employee.context().close();
  });

  test('a letter written as script and SQL reaches the employee as plain text, and nothing runs', async ({ page, request }) => {
    // Issue 22: what a citizen types is stored verbatim and shown as text, never as markup.
    const hostile = '<script>window.__xss=1</script><img src=x onerror="window.__xss=2">';
    const sql = "Robert'); DROP TABLE letters; -- <b>bold?</b>";
    const citizen = await apiSession(request, await registerCitizen(request));
    const employee = await apiSession(request, demoAccounts.employee);
    // The subject carries a tag of its own, so a repeated run finds this letter only.
    const subject = `${hostile} ${uniqueTag()}`;
    const letter = await writeLetter(request, citizen, { subject, content: hostile });
    await takeConversation(request, employee, letter.id);
    await sendMessage(request, citizen, letter.id, sql);

    await loginAs(page, demoAccounts.employee.username, demoAccounts.employee.password);
    await page.goto('/employee');
    await page.getByRole('tab', { name: 'Your Conversations' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Your Conversations' });
    await panel.getByRole('button', { name: subject }).click();
    const chat = panel.getByRole('region', { name: `Chat: ${subject}` });
    await expect(chat.getByRole('log', { name: 'Messages' }).getByRole('listitem').filter({ hasText: sql })).toBeVisible();
    await panel.getByRole('button', { name: 'Show Letter' }).click();
    const dialog = page.getByRole('dialog', { name: `Letter: ${subject}` });
    await expect(dialog.getByText(hostile, { exact: true })).toBeVisible();

    // Shown as text: no element of it exists in the page, and neither handler ran.
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
    await expect(page.locator('script', { hasText: '__xss' })).toHaveCount(0);
    expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
    await expectNoAxeViolations(page);
  });

  test("an employee with nothing resolved reads 'No archived conversations available.'", async ({ page }) => {
    // Nothing in the demo data or the other browser tests resolves a conversation as mwisniewska.
    await loginAs(page, demoAccounts.secondEmployee.username, demoAccounts.secondEmployee.password);
    await page.goto('/employee');
    await expect(page.getByText(/^Welcome, \S+ \S+!$/)).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Take Conversations' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('tab', { name: 'Archived Conversations' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Archived Conversations' }).getByText(letterMessages.noArchived, { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('tab', { name: 'Your Conversations' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Your Conversations' }).getByRole('heading', { name: 'Conversations in progress' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  // A citizen opening the employee dashboard reads 'Unauthorized' and sees none of its tabs:
  // visitor-learns-why-a-page-is-closed.spec.ts.

  test('on a 360 px screen the employee list and chat stack, and the chat box still stops at 300 px', async ({ page, request }) => {
    // Its own conversation: the other worker's tests take and resolve jkowalski's conversations at
    // the same time, so "the first one in the list" may be gone between the click and the check.
    const author = await apiSession(request, await registerCitizen(request));
    const clerk = await apiSession(request, demoAccounts.employee);
    const letter = await writeLetter(request, author, { subject: `Bench by the pond ${uniqueTag()}`, content: 'The bench by the pond is broken.', recipient: 'Parks and Recreation Department' });
    await takeConversation(request, clerk, letter.id);

    await page.setViewportSize({ width: 360, height: 740 });
    await loginAs(page, demoAccounts.employee.username, demoAccounts.employee.password);
    await page.goto('/employee');
    await page.getByRole('tab', { name: 'Your Conversations' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Your Conversations' });
    const entry = panel.getByRole('listitem').filter({ hasText: letter.subject });
    await expect(entry).toBeVisible();
    await entry.getByRole('button').click();
    const log = panel.getByRole('log', { name: 'Messages' });
    await expect(log).toBeVisible();
    const [listBox, logBox] = await Promise.all([entry.boundingBox(), log.boundingBox()]);
    expect(logBox?.y ?? 0).toBeGreaterThan((listBox?.y ?? 0) + (listBox?.height ?? 0));
    expect(logBox?.width ?? 0).toBeLessThanOrEqual(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await log.evaluate((element) => getComputedStyle(element).maxHeight)).toBe(`${CHAT_BOX_MAX_HEIGHT_PX}px`);
    await expectNoAxeViolations(page);
  });
});
