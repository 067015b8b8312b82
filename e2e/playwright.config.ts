import { defineConfig } from '@playwright/test';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumLaunchOptions } from '../bench/harness/chromium';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.E2E_PORT ?? 3199);
const baseURL = `http://127.0.0.1:${port}`;

// One throw-away database per run. Set once in the runner process; workers inherit the variable,
// so every process agrees on the file and the global teardown can delete it.
process.env.E2E_DB_FILE ??= join(tmpdir(), `portal-e2e-${Date.now()}.db`);
// The build the run serves; its own folder lets two runs (two checkouts, two ports) build side by side.
const webDist = process.env.E2E_WEB_DIST ?? join(root, 'apps', 'web', 'dist');

// What the run serves, built as in production. `npm test` (scripts/test-all.mjs) runs these while
// the typecheck and lint run and then sets E2E_PREBUILT=1, so the server here only starts.
const buildCommands = [
  'npm run build -w @portal/contract',
  'npm run build -w @portal/api',
  `npm run build -w @portal/web -- --outDir ${JSON.stringify(webDist)} --emptyOutDir`,
];
const prebuilt = process.env.E2E_PREBUILT === '1';

export default defineConfig({
  testDir: './specs',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 7_000 },
  // scripts/test-all.mjs asks for JSON by setting PLAYWRIGHT_JSON_OUTPUT_NAME; otherwise list only.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  outputDir: join(root, 'test-results', 'playwright'),
  globalSetup: './support/global-setup.ts',
  globalTeardown: './support/global-teardown.ts',
  use: {
    baseURL,
    // Never download a browser: the Debian package is the one we test with, with the switches the
    // benchmarks use too (one list).
    launchOptions: chromiumLaunchOptions(),
    locale: 'en-GB',
    // A failed test keeps its trace: every action with the page's DOM before and after it, the
    // network and the console. Not the trace's film strip of the screen: its frames are taken while
    // every test runs and thrown away when it passes, and in a walk over six signed-in pages they
    // cost a seventh of the CPU of the browser and Playwright (measured with and without). The
    // screenshot below still shows the screen as the test failed.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } }],
  webServer: {
    // As in production: the compiled API (node, packages/contract/dist + apps/api/dist) serves the
    // built web app on the same port. Spec files read the contract's source (tsconfig paths).
    command: [...(prebuilt ? [] : buildCommands), 'npm run start -w @portal/api'].join(' && '),
    cwd: root,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${process.env.E2E_DB_FILE}`,
      SEED_DEMO: 'true',
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      VITE_API_URL: '',
      WEB_DIST: webDist,
      // The example Polish IBAN of the IBAN registry (valid check digits): the transfer panel and
      // its payment code (e2e/specs/employee-charges-a-citizen-who-then-pays-by-transfer.spec.ts).
      PAYMENT_ACCOUNT_NRB: 'PL61 1090 1014 0000 0712 1981 2874',
      PAYMENT_RECIPIENT_NAME: 'Urząd Miasta Testowo',
      // A tax number with a valid check digit: the payment code's first field.
      PAYMENT_RECIPIENT_NIP: '1234563218',
      // The self-signed receipt key of the run (issue 20), never in the checkout's data/.
      RECEIPT_KEYS_DIR: join(tmpdir(), `portal-e2e-receipt-keys-${port}`),
      OFFICE_NAME: 'Urząd Miasta Testowo',
      // Issue 21: a short session, so the time-out warning comes 8 minutes after signing in (the
      // spec moves the page's clock there); far longer than any one spec runs.
      SESSION_MINUTES: '10',
      // Issue 35: every email goes to the run's real SMTP server (support/global-setup.ts), whose
      // mail the specs read (support/mail-box.ts): an admin's password-reset link, for one.
      SMTP_URL: `smtp://127.0.0.1:${port + 20_000}`,
    },
  },
});
