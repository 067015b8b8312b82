import { expect, test, type Page, type Request } from '@playwright/test';
import { apiSession, sendMessage, takeConversation, uniqueTag, writeLetter } from '../support/letters';
import { demoAccounts, loginAs, type Credentials } from '../support/portal';

// Cumulative Layout Shift: how far visible content jumps while a screen loads (0.1 and above is
// "needs improvement" for Google's Core Web Vitals). A phone is where a late table pushes the most.
const GOOD_CLS = 0.1;

const screens: { path: string; heading: string; account: Credentials }[] = [
  { path: '/user', heading: 'User Dashboard', account: demoAccounts.citizen },
  { path: '/financial-obligations', heading: 'Financial Obligations', account: demoAccounts.citizen },
  { path: '/createCase', heading: 'Case Resolutions', account: demoAccounts.citizen },
  { path: '/employee', heading: 'Employee Dashboard', account: demoAccounts.employee },
  { path: '/createObligations', heading: 'Create Obligations', account: demoAccounts.employee },
  { path: '/createCase', heading: 'Case Resolutions', account: demoAccounts.employee },
  { path: '/admin', heading: 'Admin Dashboard', account: demoAccounts.admin },
  { path: '/account', heading: 'Your account', account: demoAccounts.citizen },
  { path: '/notification-settings', heading: 'Notification settings', account: demoAccounts.citizen },
  { path: '/account/two-factor', heading: 'Two-factor sign-in', account: demoAccounts.citizen },
];

/** Sums every layout shift not caused by input since the page started (an upper bound of CLS). */
async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    (window as unknown as { layoutShifts: typeof shifts }).layoutShifts = shifts;
    type LayoutShift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node | null }[] };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LayoutShift[]) {
        if (entry.hadRecentInput) continue;
        const sources = entry.sources.map(({ node }) =>
          node instanceof Element ? `${node.tagName.toLowerCase()}${node.className ? `.${String(node.className).split(' ').join('.')}` : ''}` : String(node?.nodeName),
        );
        shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/**
 * The page's requests as they start and end. `settled()` resolves once none is on its way and none
 * started while two more frames were drawn: every answer the screen asked for is in, and what it
 * drew from them (or asked for next) has happened. Playwright's 'networkidle' waited a fixed 500 ms
 * of silence after each screen instead.
 */
function watchRequests(page: Page): { settled: () => Promise<void> } {
  const pending = new Set<Request>();
  let started = 0;
  let changed = () => {};
  page.on('request', (request) => {
    started += 1;
    pending.add(request);
  });
  const finished = (request: Request) => {
    pending.delete(request);
    changed();
  };
  page.on('requestfinished', finished);
  page.on('requestfailed', finished);
  return {
    settled: async () => {
      for (;;) {
        while (pending.size > 0) await new Promise<void>((resolve) => (changed = resolve));
        const before = started;
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        if (started === before && pending.size === 0) return;
      }
    },
  };
}

/** A promise opened by hand (Node 20 lacks Promise.withResolvers). */
function gate(): { opened: Promise<void>; open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** A clerk answers a letter of the citizen's, so the header's bell shows an unread count. */
async function leaveAnUnreadReply(page: Page): Promise<void> {
  const citizen = await apiSession(page.request, demoAccounts.citizen);
  const clerk = await apiSession(page.request, demoAccounts.employee);
  const letter = await writeLetter(page.request, citizen, { subject: `Layout ${uniqueTag()}` });
  await takeConversation(page.request, clerk, letter.id);
  await sendMessage(page.request, clerk, letter.id, 'We are looking into it.');
}

// A phone, a small tablet (the header's two fixed rows, the links behind Menu) and a wide screen,
// where a header row 6 px taller while the session loaded once moved every page (CLS 0.37). One
// sign-in per role and width; each screen is a fresh navigation, so its shifts are its own.
const accounts = [...new Set(screens.map((screen) => screen.account))];
for (const viewport of [
  { width: 360, height: 740 },
  { width: 700, height: 900 },
  { width: 1280, height: 800 },
]) {
  test.describe(`${viewport.width} px wide`, () => {
    test.use({ viewport });
    for (const account of accounts) {
      const own = screens.filter((screen) => screen.account === account);
      test(`${account.username} opens ${own.map((screen) => screen.path).join(', ')} and nothing jumps while each loads`, async ({ page }) => {
        if (account === demoAccounts.citizen) await leaveAnUnreadReply(page);
        await loginAs(page, account.username, account.password);
        await recordLayoutShifts(page);
        // The bell's count answers only once the screen's heading is drawn, as on a busy server: a
        // count that widened the bell once wrapped the citizen's name on a phone (CI, a shift of 0.14).
        let drawn = gate();
        await page.route('**/api/notifications', async (route) => {
          await drawn.opened;
          await route.continue();
        });
        const requests = watchRequests(page);
        for (const { path, heading } of own) {
          drawn = gate();
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
          drawn.open();
          // Every list of the screen has answered once no request is left and no 'Loading...' is shown.
          await requests.settled();
          await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
          // One more frame, so a shift caused by the last answer is reported.
          await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
          const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: { value: number; sources: string[] }[] }).layoutShifts);
          const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
          expect.soft(total, `layout shifts on ${path}: ${JSON.stringify(shifts)}`).toBeLessThan(GOOD_CLS);
        }
      });
    }
  });
}
