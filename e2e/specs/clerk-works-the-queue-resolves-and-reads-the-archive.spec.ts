import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiSession, openSecondBrowser, sendMessage, takeConversation, uniqueTag, useLanguage, writeLetter } from '../support/letters';
import { demoAccounts, expectNoAxeViolations, loginAs, registerCitizen } from '../support/portal';

// Issue 9, points 5 to 8, as a clerk: the Take Conversations queue (details, oldest first, a
// department filter, a take lost to a colleague said on its card), resolving that says where the
// conversation went, the archive read back, and Show Letter opening at the top on a phone.

const texts = {
  en: {
    take: 'Take Conversations',
    takeButton: 'Take Conversation',
    conversations: 'Your Conversations',
    archived: 'Archived Conversations',
    terms: ['Letter ID', 'Subject', 'Sender', 'Department', 'Received', 'Waiting'],
    filter: 'Show letters to',
    parks: 'Parks and Recreation Department',
    public: 'Public Works Department',
    waited: /^(less than a minute|\d+ minutes?)$/,
    received: /^\d{1,2} \w+ \d{4} at \d{2}:\d{2}$/,
    lost: 'Another employee took this conversation before you.',
    remove: 'Remove from the list',
    markResolved: 'Mark as Resolved',
    confirm: 'Mark as resolved?',
    yes: 'Yes',
    resolved: (subject: string) => `The conversation "${subject}" was resolved and moved to Archived Conversations.`,
    read: 'Read the conversation',
    reader: (subject: string) => `Archived conversation: ${subject}`,
    theLetter: 'The letter',
    letterText: 'Letter text',
    messages: 'Messages',
    message: 'Your message',
    back: 'Back to Archived Conversations',
    showLetter: 'Show Letter',
    letterDialog: (subject: string) => `Letter: ${subject}`,
    close: 'Close',
    chat: (subject: string) => `Chat: ${subject}`,
  },
  pl: {
    take: 'Pisma do przyjęcia',
    takeButton: 'Przyjmij pismo',
    conversations: 'Twoje rozmowy',
    archived: 'Archiwum rozmów',
    terms: ['Numer pisma', 'Temat', 'Nadawca', 'Wydział', 'Wpłynęło', 'Oczekuje'],
    filter: 'Wydział',
    parks: 'Wydział Parków i Rekreacji',
    public: 'Wydział Robót Publicznych',
    waited: /^(niecała minuta|\d+ minut[ay]?)$/,
    received: /^\d{1,2} \p{L}+ \d{4} \d{2}:\d{2}$/u,
    lost: 'To pismo przyjęła już inna osoba z wydziału.',
    remove: 'Usuń z listy',
    markResolved: 'Zakończ sprawę',
    confirm: 'Zakończyć sprawę?',
    yes: 'Tak',
    resolved: (subject: string) => `Rozmowa „${subject}” została zakończona i przeniesiona do archiwum rozmów.`,
    read: 'Przeczytaj rozmowę',
    reader: (subject: string) => `Rozmowa z archiwum: ${subject}`,
    theLetter: 'Pismo',
    letterText: 'Treść pisma',
    messages: 'Wiadomości',
    message: 'Twoja wiadomość',
    back: 'Wróć do archiwum rozmów',
    showLetter: 'Pokaż pismo',
    letterDialog: (subject: string) => `Pismo: ${subject}`,
    close: 'Zamknij',
    chat: (subject: string) => `Czat: ${subject}`,
  },
} as const;

/** The queue's cards, in the order shown. */
function queueCards(page: Page, t: (typeof texts)['en' | 'pl']): Locator {
  return page.getByRole('tabpanel', { name: t.take }).getByRole('listitem');
}

async function positionOf(cards: Locator, subject: string): Promise<number> {
  const all = await cards.allTextContents();
  return all.findIndex((text) => text.includes(subject));
}

for (const language of ['en', 'pl'] as const) {
  test(`the queue shows each letter's details oldest first, filters by department, and says so when a colleague was faster (${language})`, async ({ page, request, browser }) => {
    test.setTimeout(90_000);
    const t = texts[language];
    const citizen = await registerCitizen(request);
    const author = await apiSession(request, citizen);
    const tag = uniqueTag();
    const older = await writeLetter(request, author, { subject: `Queue older ${tag}`, recipient: 'Parks and Recreation Department' });
    const newer = await writeLetter(request, author, { subject: `Queue newer ${tag}`, recipient: 'Public Works Department' });

    // A colleague has the queue open in her own browser.
    const colleague = await openSecondBrowser(browser, demoAccounts.secondEmployee, { language });
    await colleague.goto('/employee');
    const theirCard = queueCards(colleague, t).filter({ hasText: older.subject });
    await expect(theirCard).toBeVisible();

    // This clerk's browser misses the live "taken" events, as if she clicked a moment before him.
    await useLanguage(page, language);
    await page.routeWebSocket(/\/api\/ws/, (socket) => {
      const server = socket.connectToServer();
      server.onMessage((frame) => {
        const text = typeof frame === 'string' ? frame : frame.toString();
        if (!text.includes('"type":"status"')) socket.send(frame);
      });
    });
    await loginAs(page, demoAccounts.employee.username, demoAccounts.employee.password);
    await page.goto('/employee');
    const cards = queueCards(page, t);
    const olderCard = cards.filter({ hasText: older.subject });
    await expect(olderCard).toBeVisible();
    await expect(olderCard.getByRole('term')).toHaveText([...t.terms]);
    await expect(olderCard.getByRole('definition')).toHaveText([
      `L-${older.letterId}`,
      older.subject,
      `${citizen.firstName} ${citizen.lastName}`,
      t.parks,
      t.received,
      t.waited,
    ]);
    await expect(olderCard.locator('time')).toHaveAttribute('datetime', older.createdAt);
    expect(await positionOf(cards, older.subject)).toBeLessThan(await positionOf(cards, newer.subject));

    // She takes the older letter; he clicks Take a moment later: the card says why, and stays.
    await theirCard.getByRole('button', { name: t.takeButton }).click();
    await expect(theirCard).toHaveCount(0);
    const answer = page.waitForResponse((response) => response.url().includes(`/api/conversations/${older.id}/take`));
    await olderCard.getByRole('button', { name: t.takeButton }).click();
    expect((await answer).status()).toBe(409);
    const note = olderCard.getByRole('alert');
    await expect(note).toContainText(t.lost);
    const remove = olderCard.getByRole('button', { name: t.remove });
    await expect(remove).toBeFocused();
    await expect(olderCard.getByRole('button', { name: t.takeButton })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await remove.click();
    await expect(olderCard).toHaveCount(0);

    // The department filter.
    const filter = page.getByRole('tabpanel', { name: t.take }).getByLabel(t.filter, { exact: true });
    const newerCard = cards.filter({ hasText: newer.subject });
    await filter.selectOption('Parks and Recreation Department');
    await expect(newerCard).toHaveCount(0);
    for (const text of await cards.allTextContents()) expect(text).toContain(t.parks);
    await expectNoAxeViolations(page);
    await filter.selectOption('Public Works Department');
    await expect(newerCard).toBeVisible();
    for (const text of await cards.allTextContents()) expect(text).toContain(t.public);
    await filter.selectOption('');
    await expect(newerCard).toBeVisible();

    await colleague.context().close();
  });

  test(`resolving says the conversation moved to the archive, where it reads back whole and read-only (${language})`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const t = texts[language];
    const citizen = await registerCitizen(request);
    const author = await apiSession(request, citizen);
    const clerk = await apiSession(request, demoAccounts.employee);
    const tag = uniqueTag();
    const content = `Please trim the trees along Ogrodowa before winter (${tag}).`;
    const letter = await writeLetter(request, author, { subject: `Trees on Ogrodowa ${tag}`, content, recipient: 'Parks and Recreation Department' });
    await takeConversation(request, clerk, letter.id);
    // More than one page of chat (50), so reading all of it means loading older messages.
    const total = 60;
    for (let i = 1; i <= total; i += 1) await sendMessage(request, i % 2 === 0 ? clerk : author, letter.id, `Archive message ${i} ${tag}`);

    await useLanguage(page, language);
    await loginAs(page, demoAccounts.employee.username, demoAccounts.employee.password);
    await page.goto('/employee');
    await page.getByRole('tab', { name: t.conversations }).click();
    const panel = page.getByRole('tabpanel', { name: t.conversations });
    await panel.getByRole('button', { name: new RegExp(letter.subject) }).click();
    await panel.getByRole('button', { name: t.markResolved }).click();
    await page.getByRole('dialog', { name: t.confirm }).getByRole('button', { name: t.yes }).click();
    const notice = page.getByRole('status').filter({ hasText: t.resolved(letter.subject) });
    await expect(notice).toBeVisible();
    await expectNoAxeViolations(page);

    // The archive: open it read-only.
    await page.getByRole('tab', { name: t.archived }).click();
    const archive = page.getByRole('tabpanel', { name: t.archived });
    const card = archive.getByRole('listitem').filter({ hasText: letter.subject });
    await card.getByRole('button', { name: t.read }).click();
    const reader = archive.getByRole('region', { name: t.reader(letter.subject) });
    await expect(reader.getByRole('heading', { name: t.reader(letter.subject) })).toBeFocused();
    const theLetter = reader.getByRole('region', { name: t.theLetter, exact: true });
    await expect(theLetter.getByRole('region', { name: t.letterText })).toHaveText(content);
    await expect(theLetter).toContainText(`${citizen.firstName} ${citizen.lastName}`);
    await expect(reader.getByLabel(t.message, { exact: true })).toHaveCount(0);
    const log = reader.getByRole('log', { name: t.messages });
    await expect(log.getByRole('listitem').filter({ hasText: `Archive message ${total} ${tag}` })).toBeVisible();
    await expectNoAxeViolations(page);

    // The whole chat: scrolling up brings the first messages.
    await log.evaluate((element) => {
      element.scrollTop = 0;
    });
    await expect(log.getByRole('listitem').filter({ hasText: `Archive message 1 ${tag}` })).toHaveCount(1);
    await expect(log.getByRole('listitem')).toHaveCount(total);
    await expectNoAxeViolations(page);

    await archive.getByRole('button', { name: t.back }).click();
    await expect(card.getByRole('button', { name: t.read })).toBeFocused();
  });

  test(`on a phone, Show Letter opens at the top of a long letter, and a chat keeps Show Letter and Mark as Resolved next (${language})`, async ({ page, request }) => {
    const t = texts[language];
    await page.setViewportSize({ width: 360, height: 740 });
    const citizen = await registerCitizen(request);
    const author = await apiSession(request, citizen);
    const clerk = await apiSession(request, demoAccounts.employee);
    const tag = uniqueTag();
    const opening = `Dear department, this letter begins here (${tag}).`;
    const content = `${opening}\n\n${'The pavement on Słoneczna is broken in many places and needs repair. '.repeat(60)}\n\nThe end.`;
    const letter = await writeLetter(request, author, { subject: `Long letter ${tag}`, content });
    await takeConversation(request, clerk, letter.id);

    await useLanguage(page, language);
    await loginAs(page, demoAccounts.employee.username, demoAccounts.employee.password);
    await page.goto('/employee');
    await page.getByRole('tab', { name: t.conversations }).click();
    const panel = page.getByRole('tabpanel', { name: t.conversations });
    await panel.getByRole('button', { name: new RegExp(letter.subject) }).click();

    // Opening the chat: focus on its heading, then Show Letter, then Mark as Resolved.
    await expect(panel.getByRole('heading', { name: t.chat(letter.subject) })).toBeFocused();
    await page.keyboard.press('Tab');
    const showLetter = panel.getByRole('button', { name: t.showLetter });
    await expect(showLetter).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(panel.getByRole('button', { name: t.markResolved })).toBeFocused();

    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: t.letterDialog(letter.subject) });
    const heading = dialog.getByRole('heading', { name: t.letterDialog(letter.subject) });
    await expect(heading).toBeFocused();
    await expect(dialog.getByRole('button', { name: t.close })).not.toBeFocused();
    // The top of the letter is on screen; its end (and Close) are further down.
    await expect(dialog.getByText(opening)).toBeInViewport();
    expect(await dialog.evaluate((element) => element.scrollTop)).toBe(0);
    await expect(dialog.getByRole('button', { name: t.close })).not.toBeInViewport();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(showLetter).toBeFocused();
  });
}
