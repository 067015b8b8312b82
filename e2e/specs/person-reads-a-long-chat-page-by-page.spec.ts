import { MESSAGE_PAGE_SIZE } from '@portal/contract';
import { expect, test } from '@playwright/test';
import { apiSession, sendMessage, takeConversation, uniqueTag, writeLetter } from '../support/letters';
import { demoAccounts, expectNoAxeViolations, loginAs, registerCitizen } from '../support/portal';

// Issue 9, point 9: a long chat opens with its newest page and brings older pages as the reader
// scrolls up, keeping what they were reading in place; a client asking as the spec does still gets
// the whole list. (Its speed with 10,000 messages is bench/chat-history, not a test.)

test('a long chat opens on its newest messages and loads older ones on scroll, keeping the place; the spec client still gets all', async ({ page, request }) => {
  test.setTimeout(90_000);
  const citizen = await registerCitizen(request);
  const author = await apiSession(request, citizen);
  const clerk = await apiSession(request, demoAccounts.employee);
  const tag = uniqueTag();
  const letter = await writeLetter(request, author, { subject: `Long chat ${tag}` });
  await takeConversation(request, clerk, letter.id);
  const total = 2 * MESSAGE_PAGE_SIZE + 20;
  for (let i = 1; i <= total; i += 1) await sendMessage(request, i % 2 === 0 ? clerk : author, letter.id, `Line ${i} ${tag}`);

  // As spec section 7 shows the call: no parameters, JSON content type, the whole list.
  const whole = await request.get(`/api/conversations/${letter.id}/messages`, { headers: { ...author.headers, 'Content-Type': 'application/json' } });
  expect(whole.status()).toBe(200);
  const all = (await whole.json()) as { content: string }[];
  expect(all.map((message) => message.content)).toEqual(Array.from({ length: total }, (_, i) => `Line ${i + 1} ${tag}`));

  await loginAs(page, citizen.username, citizen.password);
  await page.goto('/user');
  await page.getByRole('tab', { name: 'Your Conversations' }).click();
  const pages: string[] = [];
  page.on('request', (sent) => {
    const url = new URL(sent.url());
    if (url.pathname === `/api/conversations/${letter.id}/messages`) pages.push(url.search);
  });
  // The chat's receipts are held back until its messages are in, as on a slow line: their button
  // must not move the box the person is reading.
  let releaseReceipts = () => {};
  const receiptsHeld = new Promise<void>((resolve) => (releaseReceipts = resolve));
  await page.route(`**/api/receipts/conversation/${letter.id}`, async (route) => {
    await receiptsHeld;
    await route.continue();
  });
  const panel = page.getByRole('tabpanel', { name: 'Your Conversations' });
  await panel.getByRole('button', { name: letter.subject, exact: true }).click();
  const log = panel.getByRole('log', { name: 'Messages' });
  const line = (i: number) => log.getByText(`Line ${i} ${tag}`, { exact: true });

  // The newest page, scrolled to its end; the receipt button arriving after it leaves the box where it was.
  await expect(log.getByRole('listitem')).toHaveCount(MESSAGE_PAGE_SIZE);
  await log.scrollIntoViewIfNeeded();
  await expect(line(total)).toBeInViewport();
  const boxBefore = await log.boundingBox();
  releaseReceipts();
  await expect(panel.getByRole('button', { name: 'Download receipt (PDF)' })).toBeVisible();
  expect((await log.boundingBox())?.y).toBe(boxBefore?.y);
  await expect(line(total)).toBeInViewport();
  expect(pages).toEqual([`?limit=${MESSAGE_PAGE_SIZE}`]);
  await expectNoAxeViolations(page);

  // Up to the top: the page before arrives above, and the line that was at the top stays put.
  const firstShown = total - MESSAGE_PAGE_SIZE + 1;
  // Where that line sits at the top, measured in the same task as the scroll (before any page arrives).
  const before = await log.evaluate((element, text) => {
    element.scrollTop = 0;
    const shown = Array.from(element.querySelectorAll('.chat__content')).find((item) => item.textContent === text);
    return shown?.getBoundingClientRect().top ?? Number.NaN;
  }, `Line ${firstShown} ${tag}`);
  await expect(log.getByRole('listitem')).toHaveCount(2 * MESSAGE_PAGE_SIZE);
  const kept = await line(firstShown).boundingBox();
  expect(Math.abs((kept?.y ?? 0) - before)).toBeLessThan(2);
  await expect(line(firstShown)).toBeInViewport();
  expect(pages[1]).toMatch(new RegExp(`^\\?limit=${MESSAGE_PAGE_SIZE}&before=\\d+$`));

  // And on to the very first line.
  await log.evaluate((element) => {
    element.scrollTop = 0;
  });
  await expect(line(1)).toHaveCount(1);
  await expect(log.getByRole('listitem')).toHaveCount(total);
  await expect(log.getByRole('button', { name: 'Show older messages' })).toHaveCount(0);
  await expectNoAxeViolations(page);
});
