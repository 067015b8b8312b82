import { expect, test } from '@playwright/test';
import { chooseLanguage, demoAccounts, expectNoAxeViolations, loginAs, type Credentials } from '../support/portal';

// WCAG 2.4.2: every screen names itself in the browser tab, "<page> - <portal>", in the chosen language.
const english = (name: string) => `${name} - City Service Portal`;
const polish = (name: string) => `${name} - Portal Usług Miejskich`;

type Screen = { what: string; path: string; who?: Credentials; en: string; pl: string };

const screens: Screen[] = [
  { what: 'the home page', path: '/', en: 'Home', pl: 'Strona główna' },
  { what: 'the login page', path: '/login', en: 'Login', pl: 'Logowanie' },
  { what: 'the welcome view after login', path: '/login', who: demoAccounts.citizen, en: 'Login', pl: 'Logowanie' },
  { what: 'the User Dashboard', path: '/user', who: demoAccounts.citizen, en: 'User Dashboard', pl: 'Pisma' },
  { what: 'Financial Obligations', path: '/financial-obligations', who: demoAccounts.citizen, en: 'Financial Obligations', pl: 'Zobowiązania finansowe' },
  { what: 'Case Resolutions', path: '/createCase', who: demoAccounts.citizen, en: 'Case Resolutions', pl: 'Sprawy' },
  { what: 'the Employee Dashboard', path: '/employee', who: demoAccounts.employee, en: 'Employee Dashboard', pl: 'Obsługa pism' },
  { what: 'Create Obligations', path: '/createObligations', who: demoAccounts.employee, en: 'Create Obligations', pl: 'Tworzenie zobowiązań' },
  { what: 'the Admin Dashboard', path: '/admin', who: demoAccounts.admin, en: 'Admin Dashboard', pl: 'Panel administratora' },
  { what: "'Unauthorized' for a visitor", path: '/employee', en: 'Unauthorized', pl: 'Brak uprawnień' },
  { what: "'Unauthorized' for a citizen", path: '/admin', who: demoAccounts.citizen, en: 'Unauthorized', pl: 'Brak uprawnień' },
  { what: 'an unknown address', path: '/no/such/page', en: 'Page not found', pl: 'Nie znaleziono strony' },
];

for (const screen of screens) {
  test(`${screen.what} (${screen.path}) is named in the tab in English and in Polish`, async ({ page }) => {
    if (screen.who) await loginAs(page, screen.who.username, screen.who.password);
    await page.goto(screen.path);
    await expect(page).toHaveTitle(english(screen.en));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);

    await chooseLanguage(page, 'Polski');
    await expect(page).toHaveTitle(polish(screen.pl));
    await expectNoAxeViolations(page);

    await page.reload();
    await expect(page).toHaveTitle(polish(screen.pl));
  });
}
