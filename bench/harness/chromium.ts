// THE Chromium every browser run uses: the Debian package (never a downloaded one) with one list of
// switches, shared by the end-to-end tests (e2e/playwright.config.ts) and the benchmarks.

export const CHROMIUM_EXECUTABLE = '/usr/bin/chromium';

/** No GPU, no sandbox (containers), no QUIC, and none of the browser's own traffic in the figures. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Options for Playwright's `chromium.launch` (and the config's `launchOptions`). */
export const chromiumLaunchOptions = () => ({ executablePath: CHROMIUM_EXECUTABLE, args: [...CHROMIUM_ARGS] });
