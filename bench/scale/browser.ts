// Create Obligations in Chromium against the seeded server: how long until the labels are shown,
// and how long each search takes from the last keystroke to the answer on screen.
import { AUTH_COOKIE_NAME, obligationMessages } from '@portal/contract';
import { chromium } from '@playwright/test';
import type { ScaleParty } from './protocol.js';

export interface BrowserFigures {
  /** From the start of navigation to the first label button on screen. */
  labelsShownMs: number;
  searchMs: { all: number[]; max: number };
}

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export async function measureBrowser(origin: string, employee: ScaleParty, searches: string[]): Promise<BrowserFigures> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([{ name: AUTH_COOKIE_NAME, value: employee.token, url: origin }]);
    const page = await context.newPage();
    // A first visit loads and compiles the app's code; the figure is a visit with a warm cache.
    await page.goto(`${origin}/createObligations`);
    await page.getByRole('navigation', { name: obligationMessages.labels }).getByRole('button').first().waitFor();

    const navigationStarted = Date.now();
    await page.goto(`${origin}/createObligations`, { waitUntil: 'commit' });
    await page.getByRole('navigation', { name: obligationMessages.labels }).getByRole('button').first().waitFor();
    const labelsShownMs = Date.now() - navigationStarted;

    const box = page.getByRole('searchbox', { name: obligationMessages.searchUser });
    const all: number[] = [];
    for (const text of searches) {
      await box.fill(text.slice(0, -1));
      const started = Date.now();
      await box.press(text.slice(-1));
      await page.getByRole('button', { name: text, exact: true }).waitFor();
      all.push(Date.now() - started);
    }
    return { labelsShownMs, searchMs: { all, max: Math.max(...all) } };
  } finally {
    await browser.close();
  }
}
