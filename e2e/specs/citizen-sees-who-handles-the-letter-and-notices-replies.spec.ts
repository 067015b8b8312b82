import { expect, test } from '@playwright/test';
import { apiSession, liveEvent, openSecondBrowser, uniqueTag, useLanguage, watchLiveSocket, writeLetter } from '../support/letters';
import { demoAccounts, expectNoAxeViolations, loginAs, namesOf, registerCitizen } from '../support/portal';

// Issue 9, points 3 and 4, with two people in two browsers: the citizen's chat shows their letter
// and who handles it (changing live, announced politely), and a reply that arrives while the
// citizen writes another letter shows on the 'Your Conversations' tab, also after a reload.

const texts = {
  en: {
    conversations: 'Your Conversations',
    create: 'Create a Letter',
    take: 'Take Conversations',
    takeButton: 'Take Conversation',
    chat: (subject: string) => `Chat: ${subject}`,
    yourLetter: 'Your letter',
    letterText: 'Letter text',
    department: 'Public Works Department',
    waiting: 'Waiting for an employee to take your letter',
    handledBy: (name: string) => `Handled by ${name}`,
    message: 'Your message',
    send: 'Send',
    unread: (count: number) => new RegExp(`^Your Conversations\\s*Unread messages: ${count}$`),
    read: /^Your Conversations$/,
  },
  pl: {
    conversations: 'Twoje rozmowy',
    create: 'Napisz pismo',
    take: 'Pisma do przyjęcia',
    takeButton: 'Przyjmij pismo',
    chat: (subject: string) => `Czat: ${subject}`,
    yourLetter: 'Twoje pismo',
    letterText: 'Treść pisma',
    department: 'Wydział Robót Publicznych',
    waiting: 'Pismo oczekuje na przyjęcie przez pracownika',
    handledBy: (name: string) => `Sprawę prowadzi: ${name}`,
    message: 'Twoja wiadomość',
    send: 'Wyślij',
    unread: (count: number) => new RegExp(`^Twoje rozmowy\\s*Nieprzeczytane wiadomości: ${count}$`),
    read: /^Twoje rozmowy$/,
  },
} as const;

for (const language of ['en', 'pl'] as const) {
  test(`the citizen sees the letter and who handles it change live, and notices a reply on the tab, after a reload too (${language})`, async ({ page, request, browser }) => {
    test.setTimeout(120_000);
    const t = texts[language];
    const citizen = await registerCitizen(request);
    const author = await apiSession(request, citizen);
    const employeeNames = await namesOf(request, demoAccounts.employee);
    const employeeName = `${employeeNames.firstName} ${employeeNames.lastName}`;
    const tag = uniqueTag();
    const subject = `Flooded underpass ${tag}`;
    const content = `The underpass at Kolejowa has been flooded since the storm (${tag}).`;
    const letter = await writeLetter(request, author, { subject, content });

    // The citizen opens the chat: the letter above the messages, and that nobody has it yet.
    await useLanguage(page, language);
    await loginAs(page, citizen.username, citizen.password);
    const citizenSocket = await watchLiveSocket(page);
    await page.goto('/user');
    await page.getByRole('tab', { name: t.conversations }).click();
    const panel = page.getByRole('tabpanel', { name: t.conversations });
    await panel.getByRole('button', { name: subject, exact: true }).click();
    const chat = panel.getByRole('region', { name: t.chat(subject) });
    const yourLetter = chat.getByRole('region', { name: t.yourLetter });
    await expect(yourLetter.getByRole('region', { name: t.letterText })).toHaveText(content);
    await expect(yourLetter).toContainText(subject);
    await expect(yourLetter).toContainText(t.department);
    await expect(yourLetter.locator('time')).toHaveAttribute('datetime', letter.createdAt);
    const handler = chat.getByRole('status').filter({ hasText: t.waiting });
    await expect(handler).toBeVisible();
    await expect(handler).toHaveAttribute('aria-live', 'polite');
    const letterBox = await yourLetter.boundingBox();
    const logBox = await chat.getByRole('log').boundingBox();
    expect(letterBox?.y ?? Infinity).toBeLessThan(logBox?.y ?? 0);
    await expectNoAxeViolations(page);

    // The employee takes it in their own browser; the citizen's line changes without a reload.
    const socket = await citizenSocket.opened;
    const employee = await openSecondBrowser(browser, demoAccounts.employee, { language });
    await employee.goto('/employee');
    const card = employee.getByRole('tabpanel', { name: t.take }).getByRole('listitem').filter({ hasText: subject });
    const taken = liveEvent(socket, { type: 'status', conversationId: letter.id, status: 'IN_PROGRESS' });
    await card.getByRole('button', { name: t.takeButton }).click();
    await taken;
    const handled = chat.getByRole('status').filter({ hasText: t.handledBy(employeeName) });
    await expect(handled).toBeVisible();
    await expect(handled).toHaveAttribute('aria-live', 'polite');
    await expectNoAxeViolations(page);

    // The citizen goes on to write another letter; the employee answers the first one.
    await page.getByRole('tab', { name: t.create }).click();
    const tab = page.getByRole('tab', { name: t.conversations });
    await expect(tab).toHaveAccessibleName(t.read);
    await employee.getByRole('tab', { name: t.conversations }).click();
    const employeePanel = employee.getByRole('tabpanel', { name: t.conversations });
    await employeePanel.getByRole('button', { name: new RegExp(subject) }).click();
    const reply = `We have pumps on the way. ${tag}`;
    const arrived = liveEvent(socket, { type: 'message', conversationId: letter.id });
    await employeePanel.getByLabel(t.message, { exact: true }).fill(reply);
    await employeePanel.getByRole('button', { name: t.send }).click();
    await arrived;
    await expect(tab).toHaveAccessibleName(t.unread(1));
    await expect(tab.locator('.unread-badge [aria-hidden="true"]')).toHaveText('1');
    await expectNoAxeViolations(page);

    // The server remembers: after a reload the count is still there, until the chat is read.
    await page.reload();
    await expect(page.getByRole('tab', { name: t.conversations })).toHaveAccessibleName(t.unread(1));
    await page.getByRole('tab', { name: t.conversations }).click();
    await expect(panel.getByRole('button', { name: subject, exact: true })).toHaveAccessibleDescription(/1/);
    await panel.getByRole('button', { name: subject, exact: true }).click();
    await expect(chat.getByRole('listitem').filter({ hasText: reply })).toBeVisible();
    await expect(page.getByRole('tab', { name: t.conversations })).toHaveAccessibleName(t.read);
    const listed = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/conversations/user/${author.userId}`);
    await page.reload();
    const entries = (await (await listed).json()) as { id: number; unreadCount: number }[];
    expect(entries.find((entry) => entry.id === letter.id)?.unreadCount).toBe(0);
    await expect(page.getByRole('tab', { name: t.conversations })).toHaveAccessibleName(t.read);
    await expectNoAxeViolations(page);

    await employee.context().close();
  });
}
