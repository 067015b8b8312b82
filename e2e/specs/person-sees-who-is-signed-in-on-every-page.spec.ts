import { expect, test } from '@playwright/test';
import { chooseLanguage, demoAccounts, expectNoAxeViolations, loginAs, namesOf, siteHeader, type Credentials } from '../support/portal';

type Person = { who: string; account: Credentials; role: string; rolePl: string; paths: string[] };

// Each role visits every screen it may open, plus the shared ones and the pages for the wrong visitor.
const people: Person[] = [
  {
    who: 'a citizen',
    account: demoAccounts.citizen,
    role: 'Citizen',
    rolePl: 'Mieszkaniec',
    paths: ['/', '/login', '/user', '/financial-obligations', '/createCase', '/employee', '/no/such/page'],
  },
  {
    who: 'an employee',
    account: demoAccounts.employee,
    role: 'Employee',
    rolePl: 'Pracownik',
    paths: ['/', '/login', '/employee', '/user', '/financial-obligations', '/createObligations', '/createCase', '/admin', '/no/such/page'],
  },
  {
    who: 'an administrator',
    account: demoAccounts.admin,
    role: 'Administrator',
    rolePl: 'Administrator',
    paths: ['/', '/login', '/admin', '/employee', '/user', '/financial-obligations', '/createObligations', '/createCase', '/no/such/page'],
  },
];

for (const person of people) {
  test(`${person.who} sees their name, role and Logout in the header of every page`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const { firstName, lastName } = await namesOf(request, person.account);
    await loginAs(page, person.account.username, person.account.password);
    for (const path of person.paths) {
      await page.goto(path);
      const header = siteHeader(page);
      await expect(header, path).toContainText(`Signed in as ${firstName} ${lastName} (${person.role})`);
      await expect(header.getByRole('button', { name: 'Logout', exact: true }), path).toBeVisible();
      await expect(header.getByRole('link', { name: 'Log in', exact: true }), path).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
      await expectNoAxeViolations(page);
    }

    await chooseLanguage(page, 'Polski');
    await expect(siteHeader(page)).toContainText(`Zalogowano jako ${firstName} ${lastName} (${person.rolePl})`);
    await expect(siteHeader(page).getByRole('button', { name: 'Wyloguj', exact: true })).toBeVisible();
  });
}

test('a visitor who is not logged in is offered Log in in the header of every page, never Logout', async ({ page }) => {
  for (const path of ['/', '/login', '/user', '/employee', '/financial-obligations', '/admin', '/createObligations', '/createCase', '/no/such/page']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
    const header = siteHeader(page);
    await expect(header.getByRole('link', { name: 'Log in', exact: true }), path).toHaveAttribute('href', '/login');
    await expect(header.getByRole('button', { name: 'Logout' }), path).toHaveCount(0);
    await expect(header, path).not.toContainText('Signed in as');
  }
  await siteHeader(page).getByRole('link', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Log in to start using services', { exact: true })).toBeVisible();
});

test("Logout in the header removes the cookie and the reloaded page is anonymous, like the welcome view's", async ({ page }) => {
  await loginAs(page, demoAccounts.citizen.username, demoAccounts.citizen.password);
  await page.goto('/user');
  await expect(page.getByRole('heading', { level: 1, name: 'User Dashboard' })).toBeVisible();

  const reloaded = page.waitForEvent('load');
  await siteHeader(page).getByRole('button', { name: 'Logout', exact: true }).click();
  await reloaded;

  expect((await page.context().cookies()).some((cookie) => cookie.name === 'auth_token')).toBe(false);
  await expect(page.getByRole('heading', { level: 1, name: 'Unauthorized' })).toBeVisible();
  await expect(siteHeader(page).getByRole('link', { name: 'Log in', exact: true })).toBeVisible();
  await expect(siteHeader(page).getByRole('button', { name: 'Logout' })).toHaveCount(0);
});
