import { expect, test, type Page } from '@playwright/test';
import { demoAccounts, loginAs } from '../support/portal';

/** Console errors and Content-Security-Policy refusals while `path` loads until its heading shows. */
async function problemsWhileOpening(page: Page, path: string, heading: string): Promise<string[]> {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  // A refusal the page's code catches still fires this event (and is reported to the server).
  await page.exposeFunction('reportCspViolation', (text: string) => problems.push(`CSP refused: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  return problems;
}

test('the home page loads without a console error or a refused script', async ({ page }) => {
  expect(await problemsWhileOpening(page, '/', 'Service-Oriented System for Government Office Clients')).toEqual([]);
});

test('the login page loads without a console error or a refused script', async ({ page }) => {
  expect(await problemsWhileOpening(page, '/login', 'Service-Oriented System for Government Office Clients')).toEqual([]);
});

test('a signed-in screen that parses answers and validates a form loads without a console error', async ({ page }) => {
  await loginAs(page, demoAccounts.admin.username, demoAccounts.admin.password);
  expect(await problemsWhileOpening(page, '/admin', 'Admin Dashboard')).toEqual([]);
});
