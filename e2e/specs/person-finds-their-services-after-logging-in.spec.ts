import { authMessages } from '@portal/contract';
import { expect, test, type Page } from '@playwright/test';
import { demoAccounts, expectNoAxeViolations, loginAs, openAuthForms, registerCitizen } from '../support/portal';

function services(page: Page) {
  return page.getByRole('navigation', { name: 'Your services' });
}

async function serviceLinks(page: Page): Promise<[string, string][]> {
  const links = services(page).getByRole('link');
  await expect(links.first()).toBeVisible();
  return links.evaluateAll((elements) => elements.map((element) => [element.textContent?.trim() ?? '', element.getAttribute('href') ?? '']));
}

test('a citizen logs in and the welcome view links to Letter Service, Financial Obligations and Case Service', async ({ page, request }) => {
  const citizen = await registerCitizen(request);
  const panel = await openAuthForms(page);
  await panel.getByLabel('Username', { exact: true }).fill(citizen.username);
  await panel.getByLabel('Password', { exact: true }).fill(citizen.password);
  const reloaded = page.waitForEvent('load');
  await panel.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText(authMessages.loginSuccess, { exact: true })).toBeVisible();
  await reloaded;

  await expect(page.getByText(authMessages.loginSuccess, { exact: true })).toBeVisible();
  expect(await serviceLinks(page)).toEqual([
    ['Letter Service', '/user'],
    ['Financial Obligations', '/financial-obligations'],
    ['Case Service', '/createCase'],
  ]);
  await expectNoAxeViolations(page);

  await services(page).getByRole('link', { name: 'Letter Service' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'User Dashboard' })).toBeVisible();
});

test('an employee is offered the services of the employee navigation', async ({ page }) => {
  await loginAs(page, demoAccounts.employee.username, demoAccounts.employee.password);
  await page.goto('/login');
  await expect(page.getByText(authMessages.loginSuccess, { exact: true })).toBeVisible();
  expect(await serviceLinks(page)).toEqual([
    ['Letter Service', '/employee'],
    ['Create Obligations', '/createObligations'],
    ['Create Case', '/createCase'],
  ]);
  await services(page).getByRole('link', { name: 'Letter Service' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Employee Dashboard' })).toBeVisible();
});

test('an administrator is offered Manage Employees and every screen spec section 6 opens to them', async ({ page }) => {
  await loginAs(page, demoAccounts.admin.username, demoAccounts.admin.password);
  await page.goto('/login');
  await expect(page.getByText(authMessages.loginSuccess, { exact: true })).toBeVisible();
  expect(await serviceLinks(page)).toEqual([
    ['Manage Employees', '/admin'],
    ['Employee Dashboard', '/employee'],
    ['User Dashboard', '/user'],
    ['Financial Obligations', '/financial-obligations'],
    ['Create Obligations', '/createObligations'],
    ['Case Resolutions', '/createCase'],
  ]);
  await expectNoAxeViolations(page);
  // The welcome view keeps the spec's Logout; Login is not offered to someone already logged in.
  const welcome = page.getByRole('region', { name: 'Service-Oriented System for Government Office Clients' });
  await expect(welcome.getByRole('button', { name: 'Logout', exact: true })).toBeVisible();
  await expect(welcome.getByRole('button', { name: 'Login', exact: true })).toHaveCount(0);
});

test('a visitor who is not logged in is offered no services, only Login and Logout', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByText('Log in to start using services', { exact: true })).toBeVisible();
  await expect(services(page)).toHaveCount(0);
});
