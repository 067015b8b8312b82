import { commonMessages } from '@portal/contract';
import { expect, test } from '@playwright/test';
import { chooseLanguage, demoAccounts, expectNoAxeViolations, loginAs } from '../support/portal';

// Each role's 'Unauthorized' page is audited by axe in English (a visitor's and a citizen's also in
// Polish) by person-opens-every-page-of-the-portal-in-their-role.spec.ts, at the same addresses as
// here or, for a visitor, with the same words; here what they say and where they lead. A citizen's
// page in Polish names other roles than the one that walk audits, so it is audited here.

test('a visitor who is not logged in reads that the page needs a sign-in (not the role message) and is offered the login page that returns here', async ({ page }) => {
  await page.goto('/createObligations');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Sign in to continue' })).toBeVisible();
  await expect(main.getByRole('heading', { name: commonMessages.unauthorized })).toHaveCount(0);
  await expect(main).toContainText('This page is for signed-in users of the portal. Log in and you will come straight back to it.');
  const links = main.getByRole('link');
  await expect(links).toHaveCount(1);
  await expect(links).toHaveText('Log in');

  await links.click();
  await expect(page).toHaveURL('/login?next=%2FcreateObligations');
  await expect(page.getByText('Log in to start using services', { exact: true })).toBeVisible();
});

test("a signed-in citizen reads which roles a page is for and is offered the home page, not the login", async ({ page }) => {
  await loginAs(page, demoAccounts.citizen.username, demoAccounts.citizen.password);
  await page.goto('/employee');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: commonMessages.unauthorized })).toBeVisible();
  // None of the employee dashboard is there (from citizen-and-employee-talk-about-a-letter.spec.ts).
  await expect(page.getByRole('tab')).toHaveCount(0);
  await expect(main).toContainText('Your account (Citizen) cannot open this page. It is open to: Employee and Administrator.');
  const links = main.getByRole('link');
  await expect(links).toHaveCount(1);
  await expect(links).toHaveText('Go to the home page');

  await chooseLanguage(page, 'Polski');
  await expect(main.getByRole('heading', { level: 1, name: 'Brak uprawnień' })).toBeVisible();
  await expect(main).toContainText('Zalogowano na konto mieszkańca, które nie ma dostępu do tej strony. Dostęp ma: konto pracownika i konto administratora.');
  await expectNoAxeViolations(page);

  await main.getByRole('link', { name: 'Przejdź na stronę główną' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Dostępne usługi' })).toBeVisible();
});

test("an employee on the admin dashboard is told it is for administrators", async ({ page }) => {
  await loginAs(page, demoAccounts.employee.username, demoAccounts.employee.password);
  await page.goto('/admin');
  // (From admin-registers-and-deactivates-an-employee.spec.ts.)
  await expect(page.getByRole('heading', { name: 'Unauthorized' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Your account (Employee) cannot open this page. It is open to: Administrator.');
});
