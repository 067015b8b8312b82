import { expect, test, type Page } from '@playwright/test';
import { useLanguage } from '../support/letters';
import { demoAccounts, expectNoAxeViolations, loginAs, mainNavigation, namesOf, type Credentials } from '../support/portal';

// Issue 9, point 11: Polish reads like a Polish office: a formal greeting with the full name, and
// one name for one service in the navigation, on the page it opens (heading and tab title) and on
// its home card. The English texts are the spec's and stay as they are (other specs hold them).

/** `heading` when the page's heading adds to the name (the spec's 'Financial Obligations for' + the person). */
type ServiceLink = { name: string; path: string; card?: string; heading?: RegExp };

const services: { who: string; account: Credentials; links: ServiceLink[]; greetOn: string[] }[] = [
  {
    who: 'a citizen',
    account: demoAccounts.citizen,
    greetOn: ['/user', '/login'],
    links: [
      { name: 'Pisma', path: '/user', card: 'Pisma' },
      { name: 'Zobowiązania finansowe', path: '/financial-obligations', card: 'Zobowiązania finansowe', heading: /^Zobowiązania finansowe: \S+ \S+$/ },
      { name: 'Sprawy', path: '/createCase', card: 'Sprawy' },
    ],
  },
  {
    who: 'an employee',
    account: demoAccounts.employee,
    greetOn: ['/employee'],
    links: [
      { name: 'Obsługa pism', path: '/employee' },
      { name: 'Tworzenie zobowiązań', path: '/createObligations' },
      { name: 'Sprawy', path: '/createCase', card: 'Sprawy' },
    ],
  },
  { who: 'an administrator', account: demoAccounts.admin, greetOn: ['/admin'], links: [{ name: 'Panel administratora', path: '/admin' }] },
];

async function homeCardTitles(page: Page): Promise<string[]> {
  await page.goto('/');
  return page.getByRole('heading', { level: 3 }).allTextContents();
}

for (const { who, account, links, greetOn } of services) {
  test(`${who} reads one name per service in Polish: navigation, page heading, tab title and home card`, async ({ page, request }) => {
    await useLanguage(page, 'pl');
    await loginAs(page, account.username, account.password);
    const cards = await homeCardTitles(page);
    expect(cards).toEqual(['Pisma', 'Zobowiązania finansowe', 'Sprawy']);
    await expectNoAxeViolations(page);

    for (const link of links) {
      await page.goto('/');
      await mainNavigation(page, 'Nawigacja główna').getByRole('link', { name: link.name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${link.path}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(link.heading ?? link.name);
      await expect(page).toHaveTitle(`${link.name} - Portal Usług Miejskich`);
      if (link.card) expect(cards).toContain(link.card);
    }

    // The formal greeting, by full name, wherever the portal greets (the welcome after login too).
    const { firstName, lastName } = await namesOf(request, account);
    for (const path of greetOn) {
      await page.goto(path);
      await expect(page.getByText(`Dzień dobry, ${firstName} ${lastName}`, { exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
    }
  });
}
