import { expect, test, type Page } from '@playwright/test';
import { chooseLanguage, demoAccounts, expectNoAxeViolations, loginAs, mainNavigation, type Credentials } from '../support/portal';

type Visitor = { who: string; account?: Credentials; links: string[]; linksPl: string[] };

const visitors: Visitor[] = [
  { who: 'a visitor who is not logged in', links: ['Home', 'Login'], linksPl: ['Strona główna', 'Logowanie'] },
  {
    who: 'a citizen',
    account: demoAccounts.citizen,
    links: ['Home', 'Letter Service', 'Financial Obligations', 'Case Service', 'Login'],
    linksPl: ['Strona główna', 'Pisma', 'Zobowiązania finansowe', 'Sprawy', 'Logowanie'],
  },
  {
    who: 'an employee',
    account: demoAccounts.employee,
    links: ['Home', 'Letter Service', 'Create Obligations', 'Create Case', 'Login'],
    linksPl: ['Strona główna', 'Obsługa pism', 'Tworzenie zobowiązań', 'Sprawy', 'Logowanie'],
  },
  {
    who: 'an administrator',
    account: demoAccounts.admin,
    links: ['Home', 'Manage Employees', 'Login'],
    linksPl: ['Strona główna', 'Panel administratora', 'Logowanie'],
  },
];

/** The navigation's height while folded, against the height of one of its links (one row). */
async function navigationRows(page: Page, navName: string): Promise<{ navHeight: number; rowHeight: number }> {
  const nav = mainNavigation(page, navName);
  const menu = nav.getByRole('button', { name: 'Menu' });
  await menu.click();
  const rowHeight = (await nav.getByRole('link').first().boundingBox())?.height ?? 0;
  await menu.click();
  await expect(nav.getByRole('link').first()).toBeHidden();
  const navHeight = (await nav.boundingBox())?.height ?? Number.POSITIVE_INFINITY;
  return { navHeight, rowHeight };
}

async function noSidewaysScrolling(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test.use({ viewport: { width: 360, height: 740 } });

for (const visitor of visitors) {
  test(`${visitor.who} at 360 px: the navigation takes at most two rows and every link is one Menu press away`, async ({ page }) => {
    if (visitor.account) await loginAs(page, visitor.account.username, visitor.account.password);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    for (const [language, navName, links] of [
      ['English', 'Main navigation', visitor.links],
      ['Polski', 'Nawigacja główna', visitor.linksPl],
    ] as const) {
      if (language === 'Polski') await chooseLanguage(page, 'Polski');
      const { navHeight, rowHeight } = await navigationRows(page, navName);
      expect(rowHeight, 'a link is a row of some height').toBeGreaterThan(20);
      expect(navHeight, `${language}: the folded navigation is ${navHeight}px against a ${rowHeight}px row`).toBeLessThanOrEqual(2 * rowHeight);
      test.info().annotations.push({ type: 'measured', description: `${language}: navigation ${navHeight}px, one row ${rowHeight}px` });
      await noSidewaysScrolling(page);

      // Keyboard: the Menu button opens the links in order, Escape folds them and focus returns.
      const nav = mainNavigation(page, navName);
      const menu = nav.getByRole('button', { name: 'Menu' });
      await menu.focus();
      await page.keyboard.press('Enter');
      await expect(menu).toHaveAttribute('aria-expanded', 'true');
      await expect(nav.getByRole('link')).toHaveText(links);
      await page.keyboard.press('Tab');
      await expect(nav.getByRole('link').first()).toBeFocused();
      await noSidewaysScrolling(page);
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await expect(menu).toHaveAttribute('aria-expanded', 'false');
      await expect(menu).toBeFocused();
    }
  });
}

test('at 360 px following a link from the Menu opens the page and folds the Menu again', async ({ page }) => {
  await loginAs(page, demoAccounts.employee.username, demoAccounts.employee.password);
  await page.goto('/');
  const nav = mainNavigation(page);
  await nav.getByRole('button', { name: 'Menu' }).click();
  await nav.getByRole('link', { name: 'Letter Service' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Employee Dashboard' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'Letter Service' })).toBeHidden();
});

test('at 1280 px the navigation shows its links in one row without a Menu button', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAs(page, demoAccounts.employee.username, demoAccounts.employee.password);
  await page.goto('/');
  const nav = mainNavigation(page);
  await expect(nav.getByRole('button', { name: 'Menu' })).toBeHidden();
  const links = nav.getByRole('link');
  await expect(links).toHaveText(['Home', 'Letter Service', 'Create Obligations', 'Create Case', 'Login']);
  const boxes = await links.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().top));
  expect(new Set(boxes).size, 'all links on one row').toBe(1);
});
