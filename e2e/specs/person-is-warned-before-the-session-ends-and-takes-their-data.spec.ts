import { expect, test, type Page } from '@playwright/test';
import { demoAccounts, expectNoAxeViolations, loginAs, newCitizen, registerCitizen, siteHeader } from '../support/portal';

// Issue 21: the time-out warning (WCAG 2.2.1), "Your sessions", "Download my data", "Close my account",
// and the admin's side. The server's sessions last 10 minutes here (playwright.config.ts); the
// page's clock is moved forward instead of waiting.

const SESSION_MINUTES = 10;

const authCookie = async (page: Page) => (await page.context().cookies()).find((cookie) => cookie.name === 'auth_token')?.value;

test('a citizen is warned two minutes before the session ends, stays signed in on the same page, sees their sessions and downloads their data', async ({ page }) => {
  const citizen = await registerCitizen(page.request);
  await page.clock.install();
  await loginAs(page, citizen.username, citizen.password);
  // The name in the header opens "Your account".
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: `${citizen.firstName} ${citizen.lastName}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();

  // "Your sessions": registering and signing in made two, this browser's marked; where and when each started.
  const sessions = page.getByRole('region', { name: 'Your sessions' });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  const thisOne = sessions.getByRole('listitem').filter({ hasText: 'This device' });
  await expect(thisOne).toContainText('Chrome, Linux');
  await expect(thisOne).toContainText('127.0.0.1');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('account-1280.png'), fullPage: true });
  await sessions.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(page.getByText('Other sessions signed out: 1.')).toBeVisible();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);

  // "Download my data": one ZIP with the README and the account.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my data' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const path = await download.path();
  const { readFile } = await import('node:fs/promises');
  const zip = await readFile(path);
  expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
  expect(zip.includes(Buffer.from('README.txt'))).toBe(true);
  expect(zip.includes(Buffer.from('account.json'))).toBe(true);
  await expect(page.getByText('Your data was downloaded.')).toBeVisible();

  // Eight minutes later (two before the end) the warning opens, focus on "Stay signed in".
  const tokenBefore = await authCookie(page);
  await page.clock.fastForward(`0${SESSION_MINUTES - 2}:01`);
  const warning = page.getByRole('alertdialog', { name: 'You will be signed out in 2 minutes' });
  await expect(warning).toBeVisible();
  await expect(warning.getByRole('button', { name: 'Stay signed in' })).toBeFocused();
  await expect(warning).toContainText(/Time left: 1:5\d/);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('timeout-warning-1280.png') });

  // "Stay signed in": a new token, the dialog goes, the person is where they were.
  await page.keyboard.press('Enter');
  await expect(warning).toBeHidden();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  const tokenAfter = await authCookie(page);
  expect(tokenAfter).toBeDefined();
  expect(tokenAfter).not.toBe(tokenBefore);
  // The old token no longer works; the new one does.
  const old = await page.request.get('/api/users/me', { headers: { Authorization: `Bearer ${decodeURIComponent(tokenBefore ?? '')}` } });
  expect(old.status()).toBe(401);

  // On a phone, in Polish: the page and the next warning; Escape means "stay".
  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByRole('button', { name: 'Polski' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Twoje konto' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('account-360-pl.png'), fullPage: true });
  await page.clock.fastForward(`0${SESSION_MINUTES - 2}:01`);
  const polishWarning = page.getByRole('alertdialog', { name: 'Za 2 minuty nastąpi wylogowanie' });
  await expect(polishWarning).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('timeout-warning-360-pl.png') });
  await page.keyboard.press('Escape');
  await expect(polishWarning).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Twoje konto' })).toBeVisible();

  // Asking to close the account: confirmed in a dialog, then the request's date is shown.
  await page.getByRole('button', { name: 'Złóż wniosek o zamknięcie konta' }).click();
  await page.getByRole('dialog', { name: 'Zamknąć konto?' }).getByRole('button', { name: 'Złóż wniosek' }).click();
  await expect(page.getByText(/Wniosek o zamknięcie konta wysłano/)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'English' }).click();

  // Nobody answers the next warning: when the time is up, the person is signed out.
  await page.clock.fastForward(`${SESSION_MINUTES}:05`);
  await expect(siteHeader(page).getByRole('link', { name: 'Log in' })).toBeVisible();
  expect(await authCookie(page)).toBeUndefined();
});

test('an admin can end a staff member\u2019s sessions, at 1280 and 360 px', async ({ page }) => {
  const adminToken = await loginAs(page, demoAccounts.admin.username, demoAccounts.admin.password);
  // An employee of this test's own: other specs' employees keep their sessions.
  const employee = newCitizen();
  const registered = await page.request.post('/register/employee', { data: employee, headers: { Authorization: `Bearer ${adminToken}` } });
  expect(registered.status(), await registered.text()).toBe(201);
  const employeeLogin = await page.request.post('/login', { data: { username: employee.username, password: employee.password } });
  const employeeToken = ((await employeeLogin.json()) as { tokenJWT: string }).tokenJWT;
  await page.goto('/account');
  // Requests to close an account are in the Admin Dashboard's own tab (issue 35), no longer here.
  await expect(page.getByRole('heading', { name: 'Requests to close an account' })).toHaveCount(0);
  const endSessions = page.getByRole('region', { name: 'End every session of a staff member' });
  const option = await endSessions.getByRole('option', { name: new RegExp(employee.username) }).textContent();
  await endSessions.getByLabel('Staff member').selectOption({ label: option ?? '' });
  await endSessions.getByRole('button', { name: 'End all sessions' }).click();
  await expect(page.getByText(`Sessions ended for ${employee.firstName} ${employee.lastName}: 1.`)).toBeVisible();
  const afterwards = await page.request.get('/api/users/me', { headers: { Authorization: `Bearer ${employeeToken}` } });
  expect(afterwards.status()).toBe(401);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('account-admin-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('account-admin-360.png'), fullPage: true });
});
