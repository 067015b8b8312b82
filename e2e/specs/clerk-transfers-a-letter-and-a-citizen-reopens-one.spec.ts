import { expect, test, type Page } from '@playwright/test';
import { apiSession, openSecondBrowser, takeConversation, uniqueTag, writeLetter } from '../support/letters';
import { demoAccounts, expectNoAxeViolations, loginAs, registerCitizen } from '../support/portal';

/**
 * Issue 33 point 6 and issue 32 point 8: a clerk transfers a letter to Parks and Recreation with a
 * reason; a colleague sees it arrive live in the open queue; the citizen reads the new department
 * and the reason. Later the colleague resolves it, the citizen reopens it (in Polish, at 360 px)
 * and it reappears live in the colleague's Your Conversations. Axe on every state visited.
 */
const REASON = 'The bench stands in the city park: Parks and Recreation looks after it.';

async function shot(page: Page, name: string) {
  await expectNoAxeViolations(page);
  if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/${name}.png`, fullPage: true });
}

test('a clerk transfers a letter, a colleague sees it live, and the citizen later reopens it', async ({ page, request, browser }) => {
  test.setTimeout(150_000);
  const subject = `Broken bench ${uniqueTag()}`;
  const citizen = await registerCitizen(request);
  const author = await apiSession(request, citizen);
  const clerk = await apiSession(request, demoAccounts.employee);
  const colleague = await apiSession(request, demoAccounts.secondEmployee);
  const letter = await writeLetter(request, author, { subject });
  await takeConversation(request, clerk, letter.id);

  // The colleague watches the open queue.
  const colleaguePage = await openSecondBrowser(browser, demoAccounts.secondEmployee);
  await colleaguePage.goto('/employee');
  const queue = colleaguePage.getByRole('tabpanel', { name: 'Take Conversations' });
  await expect(queue).toBeVisible();
  await expect(queue.getByText(subject)).toHaveCount(0);

  // The clerk opens the letter and transfers it, English at 1280 px.
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAs(page, demoAccounts.employee.username, demoAccounts.employee.password);
  await page.goto('/employee');
  await page.getByRole('tab', { name: 'Your Conversations' }).click();
  await page.getByRole('button', { name: new RegExp(subject) }).click();
  await page.getByRole('button', { name: 'Transfer', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Transfer the letter' });
  await dialog.getByRole('button', { name: 'Transfer', exact: true }).click();
  await expect(dialog.getByText('Choose either a department or a colleague.')).toBeVisible();
  await expect(dialog.getByText('Write the reason.')).toBeVisible();
  await shot(page, 'transfer-dialog-errors-1280');
  await dialog.getByLabel('Department', { exact: true }).selectOption('Parks and Recreation Department');
  await dialog.getByLabel('Reason', { exact: true }).fill(REASON);
  await dialog.getByRole('button', { name: 'Transfer', exact: true }).click();
  await expect(page.getByText(`The letter "${subject}" was transferred.`)).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(subject) })).toHaveCount(0);

  // Live: it arrives in the colleague's open queue without a reload.
  await expect(queue.getByText(subject)).toBeVisible();

  // The citizen reads the new department and the reason.
  const citizenPage = await openSecondBrowser(browser, citizen);
  await citizenPage.setViewportSize({ width: 1280, height: 800 });
  await citizenPage.goto('/user');
  await citizenPage.getByRole('tab', { name: 'Your Conversations' }).click();
  await citizenPage.getByRole('button', { name: new RegExp(subject) }).click();
  const history = citizenPage.getByRole('region', { name: 'Where the letter went' });
  await expect(history.getByText('Transferred from Public Works Department to Parks and Recreation Department')).toBeVisible();
  await expect(history.getByText(`Reason: ${REASON}`)).toBeVisible();
  await shot(citizenPage, 'citizen-history-1280');

  // The colleague takes and resolves it (through the API: their screens are the spec's).
  await takeConversation(request, colleague, letter.id);
  const resolved = await request.put(`/api/conversations/${letter.id}/status`, { headers: colleague.headers, data: { status: 'RESOLVED' } });
  expect(resolved.status()).toBe(200);
  await colleaguePage.reload();
  await colleaguePage.getByRole('tab', { name: 'Your Conversations' }).click();
  const colleagueList = colleaguePage.getByRole('tabpanel', { name: 'Your Conversations' });
  await expect(colleagueList.getByText(subject)).toHaveCount(0);

  // The citizen reopens it in Polish at 360 px.
  await citizenPage.evaluate(() => localStorage.setItem('portal.language', 'pl'));
  await citizenPage.setViewportSize({ width: 360, height: 740 });
  await citizenPage.reload();
  await citizenPage.getByRole('tab', { name: 'Twoje rozmowy' }).click();
  await citizenPage.getByRole('button', { name: new RegExp(subject) }).click();
  const historyPl = citizenPage.getByRole('region', { name: 'Gdzie trafiło pismo' });
  await historyPl.getByRole('button', { name: 'Wznów pismo' }).click();
  const reopen = citizenPage.getByRole('dialog', { name: 'Wznów pismo' });
  await reopen.getByLabel('Powód wznowienia').fill('Ławka znowu jest złamana.');
  await shot(citizenPage, 'citizen-reopen-dialog-pl-360');
  await reopen.getByRole('button', { name: 'Wznów', exact: true }).click();
  await expect(citizenPage.getByText('Pismo wznowiono.')).toBeVisible();
  await shot(citizenPage, 'citizen-reopened-pl-360');

  // Live: back in the colleague's Your Conversations.
  await expect(colleagueList.getByText(subject)).toBeVisible();
});
