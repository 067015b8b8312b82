import { authMessages } from '@portal/contract';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, openAuthForms, registerCitizen } from '../support/portal';

function services(page: Page) {
  return page.getByRole('navigation', { name: 'Your services' });
}

async function serviceLinks(page: Page): Promise<[string, string][]> {
  const links = services(page).getByRole('link');
  await expect(links.first()).toBeVisible();
  return links.evaluateAll((elements) => elements.map((element) => [element.textContent?.trim() ?? '', element.getAttribute('href') ?? '']));
}

// Each role's services on the welcome view (signed in by cookie) are in
// person-opens-every-page-of-the-portal-in-their-role.spec.ts; here a citizen logs in through the form.
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
