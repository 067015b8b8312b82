import { authMessages } from '@portal/contract';
import { expect, test } from '@playwright/test';
import { demoAccounts, expectNoAxeViolations, firstNameOf, loginAs, mainNavigation, navigationLinks, newCitizen, openAuthForms, registerCitizen } from '../support/portal';

test.describe('logging in, registering and logging out', () => {
  test('the login page welcomes the visitor with Login and Logout', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Service-Oriented System for Government Office Clients' })).toBeVisible();
    await expect(page.getByText('Log in to start using services', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout', exact: true })).toBeVisible();
  });

  test('a keyboard user opens the forms and moves between the tabs with the arrow keys', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login', exact: true }).focus();
    await page.keyboard.press('Enter');

    const loginTab = page.getByRole('tab', { name: 'Login' });
    await expect(loginTab).toBeFocused();
    await expect(loginTab).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Register' })).toBeFocused();
    await expect(page.getByRole('tabpanel', { name: 'Register' })).toBeVisible();
    await page.keyboard.press('End');
    await expect(page.getByRole('tab', { name: 'Reset' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(loginTab).toBeFocused();
    await expect(page.getByRole('tabpanel', { name: 'Login' }).getByLabel('Username', { exact: true })).toBeVisible();
  });

  // It took in person-finds-their-services-after-logging-in.spec.ts, which logged a citizen in through
  // the same form to read the welcome view's services (each role's, signed in by cookie, are checked
  // by person-opens-every-page-of-the-portal-in-their-role.spec.ts).
  test('a citizen logs in and sees Login success! with their first name, also after the reload, and links to their services', async ({ page, request }) => {
    const citizen = await registerCitizen(request);
    const panel = await openAuthForms(page);

    await panel.getByLabel('Username', { exact: true }).fill(citizen.username);
    await panel.getByLabel('Password', { exact: true }).fill(citizen.password);
    const reloaded = page.waitForEvent('load');
    await panel.getByRole('button', { name: 'Log in' }).click();

    await expect(page.getByText(authMessages.loginSuccess, { exact: true })).toBeVisible();
    await expect(page.getByText(`Welcome, ${citizen.firstName}!`)).toBeVisible();
    const cookie = (await page.context().cookies()).find((c) => c.name === 'auth_token');
    expect(cookie?.path).toBe('/');
    expect(cookie?.sameSite).toBe('Lax');
    const lifetimeMinutes = ((cookie?.expires ?? 0) - Date.now() / 1000) / 60;
    expect(lifetimeMinutes).toBeGreaterThan(235);
    expect(lifetimeMinutes).toBeLessThanOrEqual(240);

    await reloaded;
    await expect(page.getByText(`Welcome, ${citizen.firstName}!`)).toBeVisible();
    await expect(page.getByText(authMessages.loginSuccess, { exact: true })).toBeVisible();
    await expect(mainNavigation(page).getByRole('link', { name: 'Letter Service' })).toHaveAttribute('href', '/user');

    // The welcome view links to Letter Service, Financial Obligations and Case Service.
    const services = page.getByRole('navigation', { name: 'Your services' });
    const links = services.getByRole('link');
    await expect(links.first()).toBeVisible();
    expect(await links.evaluateAll((elements) => elements.map((element) => [element.textContent?.trim() ?? '', element.getAttribute('href') ?? '']))).toEqual([
      ['Letter Service', '/user'],
      ['Financial Obligations', '/financial-obligations'],
      ['Case Service', '/createCase'],
    ]);
    await expectNoAxeViolations(page);
    await services.getByRole('link', { name: 'Letter Service' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'User Dashboard' })).toBeVisible();
  });

  test('a seeded employee logs in through the form and sees their first name', async ({ page, request }) => {
    const firstName = await firstNameOf(request, demoAccounts.employee);
    const panel = await openAuthForms(page);
    await panel.getByLabel('Username', { exact: true }).fill(demoAccounts.employee.username);
    await panel.getByLabel('Password', { exact: true }).fill(demoAccounts.employee.password);
    const reloaded = page.waitForEvent('load');
    await panel.getByRole('button', { name: 'Log in' }).click();

    await expect(page.getByText(`Welcome, ${firstName}!`)).toBeVisible();
    await expect(page.getByText(authMessages.loginSuccess, { exact: true })).toBeVisible();
    // The page reloads ~100 ms after success; afterwards the employee's navigation is there.
    await reloaded;
    await expect(mainNavigation(page).getByRole('link', { name: 'Create Obligations' })).toBeVisible();
  });

  test('a wrong password returns silently to the welcome view', async ({ page }) => {
    const panel = await openAuthForms(page);
    await panel.getByLabel('Username', { exact: true }).fill(demoAccounts.citizen.username);
    await panel.getByLabel('Password', { exact: true }).fill('Wrong12345');
    const answer = page.waitForResponse((response) => response.url().endsWith('/login') && response.request().method() === 'POST');
    await panel.getByRole('button', { name: 'Log in' }).click();

    expect((await answer).status()).toBeGreaterThanOrEqual(400);
    await expect(page.getByRole('tablist')).toBeHidden();
    await expect(page.getByText('Log in to start using services', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByText(authMessages.loginSuccess)).toHaveCount(0);
    expect((await page.context().cookies()).some((c) => c.name === 'auth_token')).toBe(false);
  });

  test('a visitor registers through the form and is logged in', async ({ page }) => {
    const citizen = newCitizen();
    const panel = await openAuthForms(page);
    await page.getByRole('tab', { name: 'Register' }).click();

    await panel.getByLabel('Username', { exact: true }).fill(citizen.username);
    await panel.getByLabel('Email', { exact: true }).fill(citizen.email);
    await panel.getByLabel('Password', { exact: true }).fill(citizen.password);
    await panel.getByLabel('First name', { exact: true }).fill(citizen.firstName);
    await panel.getByLabel('Last name', { exact: true }).fill(citizen.lastName);
    await panel.getByLabel('Phone number', { exact: true }).fill(citizen.phoneNumber);
    await panel.getByLabel('Date of birth', { exact: true }).fill(citizen.dateOfBirth);
    const answer = page.waitForResponse((response) => response.url().endsWith('/register'));
    const reloaded = page.waitForEvent('load');
    await panel.getByRole('button', { name: 'Create account' }).click();

    expect((await answer).status()).toBe(201);
    await expect(page.getByText(`Welcome, ${citizen.firstName}!`)).toBeVisible();
    await expect(page.getByText(authMessages.loginSuccess, { exact: true })).toBeVisible();
    await reloaded;
    await expect(page.getByText(`Welcome, ${citizen.firstName}!`)).toBeVisible();
    await expect(mainNavigation(page).getByRole('link', { name: 'Case Service' })).toBeVisible();
  });

  test('registering a taken username returns silently to the welcome view', async ({ page, request }) => {
    const existing = await registerCitizen(request);
    const panel = await openAuthForms(page);
    await page.getByRole('tab', { name: 'Register' }).click();
    const again = { ...newCitizen(), username: existing.username };
    await panel.getByLabel('Username', { exact: true }).fill(again.username);
    await panel.getByLabel('Email', { exact: true }).fill(again.email);
    await panel.getByLabel('Password', { exact: true }).fill(again.password);
    await panel.getByLabel('First name', { exact: true }).fill(again.firstName);
    await panel.getByLabel('Last name', { exact: true }).fill(again.lastName);
    await panel.getByLabel('Phone number', { exact: true }).fill(again.phoneNumber);
    await panel.getByLabel('Date of birth', { exact: true }).fill(again.dateOfBirth);
    const answer = page.waitForResponse((response) => response.url().endsWith('/register'));
    await panel.getByRole('button', { name: 'Create account' }).click();

    expect((await answer).status()).toBeGreaterThanOrEqual(400);
    await expect(page.getByRole('tablist')).toBeHidden();
    await expect(page.getByText('Log in to start using services', { exact: true })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('Logout removes the cookie, ends the session on the server, and the reloaded page is anonymous again', async ({ page }) => {
    await loginAs(page, demoAccounts.citizen.username, demoAccounts.citizen.password);
    await page.goto('/login');
    await expect(page.getByText(authMessages.loginSuccess, { exact: true })).toBeVisible();
    const token = (await page.context().cookies()).find((c) => c.name === 'auth_token')?.value ?? '';
    expect(token).not.toBe('');

    // The welcome view's own Logout (spec section 2); the header has one too.
    const welcome = page.getByRole('region', { name: 'Service-Oriented System for Government Office Clients' });
    const reloaded = page.waitForEvent('load');
    await welcome.getByRole('button', { name: 'Logout', exact: true }).click();
    await reloaded;

    expect((await page.context().cookies()).some((c) => c.name === 'auth_token')).toBe(false);
    expect(await navigationLinks(page)).toEqual([
      ['Home', '/'],
      ['Login', '/login'],
    ]);
    await expect(page.getByText('Log in to start using services', { exact: true })).toBeVisible();
    // A copy of the token (another tab, a stolen cookie) no longer works either.
    const afterwards = await page.request.get('/api/users/me', { headers: { Authorization: `Bearer ${decodeURIComponent(token)}` } });
    expect(afterwards.status()).toBe(401);
  });
});
