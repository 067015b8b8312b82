import { freeTextMessages, letterMessages } from '@portal/contract';
import { expect, test } from '@playwright/test';
import { apiSession, liveEvent, sendMessage, takeConversation, uniqueTag, watchLiveSocket, writeLetter } from '../support/letters';
import { demoAccounts, expectNoAxeViolations, loginAs, registerCitizen } from '../support/portal';

test.describe('a citizen cannot send an invisible or disguised chat message', () => {
  test('zero-width spaces alone are an empty message, a hidden text-direction control is refused, and the socket carries no token', async ({
    page,
    request,
  }) => {
    const citizen = await registerCitizen(request);
    const author = await apiSession(request, citizen);
    const employee = await apiSession(request, demoAccounts.employee);
    const subject = `Bench ${uniqueTag()}`;
    const conversation = await writeLetter(request, author, { subject });
    await takeConversation(request, employee, conversation.id);

    await loginAs(page, citizen.username, citizen.password);
    const socket = await watchLiveSocket(page);
    await page.goto('/user');
    // The page is on the API's origin: the handshake carries the auth cookie, the address nothing.
    expect(new URL((await socket.opened).url()).search).toBe('');
    await page.getByRole('tab', { name: 'Your Conversations' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Your Conversations' });
    await panel.getByRole('button', { name: new RegExp(subject) }).click();
    const chat = panel.getByRole('region', { name: `Chat: ${subject}` });
    const box = chat.getByLabel('Your message');

    await box.fill('\u200B\u200B\u2060');
    await chat.getByRole('button', { name: 'Send' }).click();
    await expect(box).toHaveAccessibleDescription(letterMessages.messageEmpty);

    await box.fill('Invoice attached: \u202Efdp.exe');
    await box.press('Enter');
    await expect(box).toHaveAccessibleDescription(freeTextMessages.bidiControl);
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);
    await expect(chat.getByRole('log', { name: 'Messages' }).getByRole('listitem')).toHaveCount(0);

    // The socket is live: a reply from the employee arrives without reloading.
    const arrived = liveEvent(await socket.opened, { type: 'message', conversationId: conversation.id });
    await sendMessage(request, employee, conversation.id, 'We will fix the bench on Monday.');
    await arrived;
    await expect(chat.getByText('We will fix the bench on Monday.')).toBeVisible();
  });
});
