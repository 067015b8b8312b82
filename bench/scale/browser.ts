// Create Obligations in Chromium against the seeded server: how long until the labels are shown,
// and how long each search takes from the last keystroke to the answer on screen (the page waits
// 120 ms after a keystroke before it asks, so that is included).
import { AUTH_COOKIE_NAME, obligationMessages } from '@portal/contract';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../harness/chromium.js';
import type { ScaleParty } from './protocol.js';

export interface BrowserFigures {
  /** From the start of navigation to the first label button on screen. */
  labelsShownMs: number;
  searchMs: { all: number[]; max: number };
}

export async function measureBrowser(origin: string, employee: ScaleParty, searches: string[]): Promise<BrowserFigures> {
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([{ name: AUTH_COOKIE_NAME, value: employee.token, url: origin }]);
    const page = await context.newPage();
    // A first visit loads and compiles the app's code; the figure is a visit with a warm cache.
    await page.goto(`${origin}/createObligations`);
    const panel = page.getByRole('region', { name: obligationMessages.labels });
    await panel.getByRole('button').first().waitFor();

    const navigationStarted = Date.now();
    await page.goto(`${origin}/createObligations`, { waitUntil: 'commit' });
    await panel.getByRole('button').first().waitFor();
    const labelsShownMs = Date.now() - navigationStarted;

    const box = panel.getByRole('searchbox', { name: obligationMessages.searchUser });
    const all: number[] = [];
    for (const text of searches) {
      // From an empty box (the labels back on screen), the whole text typed at once.
      await box.fill('');
      await panel.getByRole('button').first().waitFor();
      const started = Date.now();
      await box.fill(text);
      // The answer is on screen: the one citizen whose username it is (the button also names them).
      await panel.getByRole('button', { name: new RegExp(`^${text} `) }).waitFor();
      all.push(Date.now() - started);
    }
    return { labelsShownMs, searchMs: { all, max: Math.max(...all) } };
  } finally {
    await browser.close();
  }
}
