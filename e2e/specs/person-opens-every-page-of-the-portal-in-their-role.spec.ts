import { commonMessages } from '@portal/contract';
import { expect, test, type Page } from '@playwright/test';
import { chooseLanguage, demoAccounts, expectNoAxeViolations, loginAs, mainNavigation, namesOf, siteHeader, type Credentials } from '../support/portal';

// One walk per role over every page, signed in once: on each (role, page) pair the heading (the page,
// 'Unauthorized' or the error page), the name in the browser tab (WCAG 2.4.2), who the header says is
// signed in, the navigation with the current page marked, and axe; then the same page in Polish (on
// the role's own screens also after a reload, and audited again). It replaces the separate walks of
// the navigation, header, tab-title, access and accessibility specs, which each logged in and opened
// the same pages again, and of the Polish service names (issue 9: one name for one service in the
// navigation, on the page's heading and tab title and on the home page's cards; the formal greeting).
// The home page's service cards of each role, and following the first, are here too: they were
// four tests of visitor-reads-the-home-page.spec.ts, each signing in and opening the home page again.

type Link = [text: string, href: string];

/** The page's heading; `names` when it adds the person's full name (the spec's 'Financial Obligations for'). */
type Heading = string | ((names: { firstName: string; lastName: string }) => string);

/** `plHeading`: a service page's heading in Polish, its one name (or the name and the person). */
type Screen = { heading: Heading; en: string; pl: string; plHeading?: Heading };

const portal = 'Service-Oriented System for Government Office Clients';
const unauthorized: Screen = { heading: commonMessages.unauthorized, en: 'Unauthorized', pl: 'Brak uprawnień' };
/** What a visitor who is not logged in reads on a page that needs a sign-in (issue 35): not the spec's role message. */
const signInRequired: Screen = { heading: 'Sign in to continue', en: 'Sign in to continue', pl: 'Zaloguj się, aby kontynuować' };
const notFound: Screen = { heading: commonMessages.unexpectedError, en: 'Page not found', pl: 'Nie znaleziono strony' };
const screens: Record<string, Screen> = {
  '/': { heading: portal, en: 'Home', pl: 'Strona główna' },
  '/login': { heading: portal, en: 'Login', pl: 'Logowanie' },
  '/user': { heading: 'User Dashboard', en: 'User Dashboard', pl: 'Pisma', plHeading: 'Pisma' },
  '/financial-obligations': {
    heading: ({ firstName, lastName }) => `Financial Obligations for ${firstName} ${lastName}`,
    en: 'Financial Obligations',
    pl: 'Zobowiązania finansowe',
    plHeading: ({ firstName, lastName }) => `Zobowiązania finansowe: ${firstName} ${lastName}`,
  },
  '/createCase': { heading: 'Case Resolutions', en: 'Case Resolutions', pl: 'Sprawy', plHeading: 'Sprawy' },
  '/employee': { heading: 'Employee Dashboard', en: 'Employee Dashboard', pl: 'Obsługa pism', plHeading: 'Obsługa pism' },
  '/createObligations': { heading: 'Create Obligations', en: 'Create Obligations', pl: 'Tworzenie zobowiązań', plHeading: 'Tworzenie zobowiązań' },
  '/admin': { heading: 'Admin Dashboard', en: 'Admin Dashboard', pl: 'Panel administratora', plHeading: 'Panel administratora' },
};

type Role = {
  who: string;
  account?: Credentials;
  /** How the header names the role, in English and in Polish. */
  role?: { en: string; pl: string };
  navigation: { en: Link[]; pl: Link[] };
  /** The welcome view's 'Your services' after login (none for a visitor). */
  services: Link[];
  /** The home page's three service cards, as [link text, href]. */
  cards: Link[];
  /** Every page the role may open, the shared ones, and the pages for someone else. */
  opens: string[];
  refused: string[];
  /**
   * Each screen state once, for the role that owns it: there axe runs again in Polish and the page
   * is reloaded to show the choice of language outlives a reload (a reload costs a page load).
   */
  ownScreens: string[];
  /** Where the portal greets the signed-in person, in Polish formally by full name. */
  greetOn?: string[];
};

/** The home page's service cards in Polish: the same names as the navigation's. */
const polishCards = ['Pisma', 'Zobowiązania finansowe', 'Sprawy'];

const everyPage = ['/', '/login', '/user', '/employee', '/financial-obligations', '/admin', '/createObligations', '/createCase'];

const roles: Role[] = [
  {
    who: 'a visitor who is not logged in',
    navigation: {
      en: [
        ['Home', '/'],
        ['Login', '/login'],
      ],
      pl: [
        ['Strona główna', '/'],
        ['Logowanie', '/login'],
      ],
    },
    services: [],
    cards: [
      ['Log in to use Letters', '/login'],
      ['Log in to use Financial Obligations', '/login'],
      ['Log in to use Case Handling', '/login'],
    ],
    opens: ['/', '/login'],
    refused: ['/user', '/employee', '/financial-obligations', '/admin', '/createObligations', '/createCase'],
    ownScreens: ['/', '/login', '/employee', '/no/such/page'],
  },
  {
    who: 'a citizen',
    account: demoAccounts.citizen,
    role: { en: 'Citizen', pl: 'konto mieszkańca' },
    navigation: {
      en: [
        ['Home', '/'],
        ['Letter Service', '/user'],
        ['Financial Obligations', '/financial-obligations'],
        ['Case Service', '/createCase'],
        ['Login', '/login'],
      ],
      pl: [
        ['Strona główna', '/'],
        ['Pisma', '/user'],
        ['Zobowiązania finansowe', '/financial-obligations'],
        ['Sprawy', '/createCase'],
        ['Logowanie', '/login'],
      ],
    },
    services: [
      ['Letter Service', '/user'],
      ['Financial Obligations', '/financial-obligations'],
      ['Case Service', '/createCase'],
    ],
    cards: [
      ['Open Letter Service', '/user'],
      ['Open Financial Obligations', '/financial-obligations'],
      ['Open Case Service', '/createCase'],
    ],
    opens: ['/', '/login', '/user', '/financial-obligations', '/createCase'],
    refused: ['/employee', '/admin', '/createObligations'],
    ownScreens: ['/', '/login', '/user', '/financial-obligations', '/createCase', '/admin'],
    greetOn: ['/user', '/login'],
  },
  {
    who: 'an employee',
    account: demoAccounts.employee,
    role: { en: 'Employee', pl: 'konto pracownika' },
    navigation: {
      en: [
        ['Home', '/'],
        ['Letter Service', '/employee'],
        ['Create Obligations', '/createObligations'],
        ['Create Case', '/createCase'],
        ['Login', '/login'],
      ],
      pl: [
        ['Strona główna', '/'],
        ['Obsługa pism', '/employee'],
        ['Tworzenie zobowiązań', '/createObligations'],
        ['Sprawy', '/createCase'],
        ['Logowanie', '/login'],
      ],
    },
    services: [
      ['Letter Service', '/employee'],
      ['Create Obligations', '/createObligations'],
      ['Create Case', '/createCase'],
    ],
    cards: [
      ['Open Letter Service', '/employee'],
      ['Open Create Obligations', '/createObligations'],
      ['Open Create Case', '/createCase'],
    ],
    opens: ['/', '/login', '/employee', '/user', '/financial-obligations', '/createObligations', '/createCase'],
    refused: ['/admin'],
    ownScreens: ['/employee', '/createObligations'],
    greetOn: ['/employee'],
  },
  {
    who: 'an administrator',
    account: demoAccounts.admin,
    role: { en: 'Administrator', pl: 'konto administratora' },
    navigation: {
      en: [
        ['Home', '/'],
        ['Manage Employees', '/admin'],
        ['Login', '/login'],
      ],
      pl: [
        ['Strona główna', '/'],
        ['Panel administratora', '/admin'],
        ['Logowanie', '/login'],
      ],
    },
    // Every screen spec section 6 opens to an administrator.
    services: [
      ['Manage Employees', '/admin'],
      ['Employee Dashboard', '/employee'],
      ['User Dashboard', '/user'],
      ['Financial Obligations', '/financial-obligations'],
      ['Create Obligations', '/createObligations'],
      ['Case Resolutions', '/createCase'],
    ],
    cards: [
      ['Open Employee Dashboard', '/employee'],
      ['Open Create Obligations', '/createObligations'],
      ['Open Case Resolutions', '/createCase'],
    ],
    opens: everyPage,
    refused: [],
    ownScreens: ['/admin'],
    greetOn: ['/admin'],
  },
];

/** Link text, href and whether it is marked as the current page, in order. */
async function linksOf(page: Page, navigationName: string): Promise<[string, string, string | null][]> {
  const links = mainNavigation(page, navigationName).getByRole('link');
  await expect(links.first()).toBeVisible();
  return links.evaluateAll((elements) =>
    elements.map((element): [string, string, string | null] => [
      element.textContent?.trim() ?? '',
      element.getAttribute('href') ?? '',
      element.getAttribute('aria-current'),
    ]),
  );
}

/** The home page's service cards as [link text, href]: always three. */
async function cardsOf(page: Page): Promise<[string, string][]> {
  const links = page.getByRole('region', { name: 'Available Services' }).getByRole('link');
  await expect(links).toHaveCount(3);
  return links.evaluateAll((elements) => elements.map((element): [string, string] => [element.textContent?.trim() ?? '', element.getAttribute('href') ?? '']));
}

/** The navigation as the role should see it on `path`: only the link to `path` is marked current. */
const marked = (links: Link[], path: string) => links.map(([text, href]): [string, string, string | null] => [text, href, href === path ? 'page' : null]);

for (const role of roles) {
  test(`${role.who} opens every page: heading, tab title, header, navigation and axe, in English and in Polish`, async ({ page, request }) => {
    test.setTimeout(180_000);
    const names = role.account ? await namesOf(request, role.account) : undefined;
    if (role.account) await loginAs(page, role.account.username, role.account.password);
    expect([...role.opens, ...role.refused].sort(), 'the walk covers every page').toEqual([...everyPage].sort());
    const walk = [...role.opens.map((path) => ({ path, refused: false })), ...role.refused.map((path) => ({ path, refused: true })), { path: '/no/such/page', refused: false }];
    const audited = new Set<string>();

    for (const { path, refused } of walk) {
      await test.step(path, async () => {
        const screen = path === '/no/such/page' ? notFound : refused ? (role.account ? unauthorized : signInRequired) : (screens[path] ?? notFound);
        const header = siteHeader(page);
        await page.goto(path);

        const heading = typeof screen.heading === 'function' ? screen.heading(names ?? { firstName: '', lastName: '' }) : screen.heading;
        await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
        await expect(page, path).toHaveTitle(`${screen.en} - City Service Portal`);
        if (names && role.role) {
          await expect(header, path).toContainText(`Signed in as ${names.firstName} ${names.lastName} (${role.role.en})`);
          await expect(header.getByRole('button', { name: 'Logout', exact: true }), path).toBeVisible();
          await expect(header.getByRole('link', { name: 'Log in', exact: true }), path).toHaveCount(0);
        } else {
          await expect(header.getByRole('link', { name: 'Log in', exact: true }), path).toHaveAttribute('href', '/login');
          await expect(header.getByRole('button', { name: 'Logout' }), path).toHaveCount(0);
          await expect(header, path).not.toContainText('Signed in as');
        }
        expect(await linksOf(page, 'Main navigation'), path).toEqual(marked(role.navigation.en, path));
        if (path === '/') expect(await cardsOf(page), 'the service cards').toEqual(role.cards);
        // A refused page is one screen state whatever its address (the same heading, header and
        // navigation with nothing marked): axe audits it once per role.
        const state = refused ? 'Unauthorized' : path;
        if (!audited.has(state)) {
          audited.add(state);
          await expectNoAxeViolations(page);
        }

        await chooseLanguage(page, 'Polski');
        await expect(page, path).toHaveTitle(`${screen.pl} - Portal Usług Miejskich`);
        await expect(page.getByRole('button', { name: 'Polski' }), path).toHaveAttribute('aria-pressed', 'true');
        if (names && role.role) {
          await expect(header, path).toContainText(`Zalogowano jako ${names.firstName} ${names.lastName} (${role.role.pl})`);
          await expect(header.getByRole('button', { name: 'Wyloguj', exact: true }), path).toBeVisible();
        }
        expect(await linksOf(page, 'Nawigacja główna'), path).toEqual(marked(role.navigation.pl, path));
        if (!refused && screen.plHeading) {
          const plHeading = typeof screen.plHeading === 'function' ? screen.plHeading(names ?? { firstName: '', lastName: '' }) : screen.plHeading;
          await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(plHeading);
        }
        if (names && role.greetOn?.includes(path)) {
          await expect(page.getByText(`Dzień dobry, ${names.firstName} ${names.lastName}`, { exact: true }), path).toBeVisible();
        }
        if (names && path === '/') expect(await page.getByRole('heading', { level: 3 }).allTextContents(), path).toEqual(polishCards);
        if (role.ownScreens.includes(path)) {
          await expectNoAxeViolations(page);
          await page.reload();
          await expect(page.locator('html'), path).toHaveAttribute('lang', 'pl');
          await expect(page, path).toHaveTitle(`${screen.pl} - Portal Usług Miejskich`);
          expect(await linksOf(page, 'Nawigacja główna'), path).toEqual(marked(role.navigation.pl, path));
        }
        await chooseLanguage(page, 'English');
      });
    }

    // The first service card leads to its screen (a visitor's, to the login page: the whole card
    // does, not only its link text).
    await test.step('a service card of the home page', async () => {
      await page.goto('/');
      const services = page.getByRole('region', { name: 'Available Services' });
      await expect(services.getByRole('link')).toHaveCount(3);
      if (role.account) await services.getByRole('link').first().click();
      else await services.getByRole('listitem').first().click({ position: { x: 40, y: 40 } });
      const [, href] = role.cards[0] ?? ['', ''];
      await expect(page).toHaveURL(new RegExp(`${href}$`));
      const first = screens[href]?.heading;
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(typeof first === 'function' ? first(names ?? { firstName: '', lastName: '' }) : (first ?? ''));
    });

    // The welcome view after login offers the role's services and the spec's Logout, never Login;
    // a visitor is offered no services.
    await test.step('the welcome view', async () => {
      await page.goto('/login');
      const services = page.getByRole('navigation', { name: 'Your services' });
      if (!role.account) {
        await expect(page.getByText('Log in to start using services', { exact: true })).toBeVisible();
        await expect(services).toHaveCount(0);
        // The header's Log in leads to the same login page.
        await page.goto('/no/such/page');
        await siteHeader(page).getByRole('link', { name: 'Log in', exact: true }).click();
        await expect(page).toHaveURL(/\/login$/);
        await expect(page.getByText('Log in to start using services', { exact: true })).toBeVisible();
        return;
      }
      const links = services.getByRole('link');
      await expect(links.first()).toBeVisible();
      expect(await links.evaluateAll((elements) => elements.map((element) => [element.textContent?.trim() ?? '', element.getAttribute('href') ?? '']))).toEqual(
        role.services,
      );
      const welcome = page.getByRole('region', { name: portal });
      await expect(welcome.getByRole('button', { name: 'Logout', exact: true })).toBeVisible();
      await expect(welcome.getByRole('button', { name: 'Login', exact: true })).toHaveCount(0);
      const [name, href] = role.services[0] ?? ['', ''];
      await services.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${href}$`));
      const first = screens[href]?.heading;
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(typeof first === 'function' ? first(names ?? { firstName: '', lastName: '' }) : (first ?? ''));
    });
  });
}

test('the link of the current page is marked and following a link changes it', async ({ page }) => {
  await loginAs(page, demoAccounts.citizen.username, demoAccounts.citizen.password);
  await page.goto('/');
  const nav = mainNavigation(page);
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');

  await nav.getByRole('link', { name: 'Financial Obligations' }).click();

  await expect(page).toHaveURL(/\/financial-obligations$/);
  await expect(nav.getByRole('link', { name: 'Financial Obligations' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');
});
