import { authMessages as m } from '@portal/contract';
import { expect, test } from '@playwright/test';
import { expectFieldMessage, openAuthForms } from '../support/portal';

test.describe('the Reset tab', () => {
  test('an empty or malformed address gives the reset message', async ({ page }) => {
    await openAuthForms(page);
    await page.getByRole('tab', { name: 'Reset' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Reset' });

    await panel.getByRole('button', { name: 'Send reset link' }).click();
    await expectFieldMessage(panel, 'Email', m.resetEmailRequired);

    await panel.getByLabel('Email', { exact: true }).fill('not-an-address');
    await panel.getByRole('button', { name: 'Send reset link' }).click();
    await expectFieldMessage(panel, 'Email', m.resetEmailRequired);
    // No notification: the only alert is the form's own error summary.
    await expect(page.getByRole('alert')).toHaveCount(1);
    await expect(page.getByRole('alert')).toHaveAccessibleName('There is a problem');
  });

  test('a valid address only shows the notification and sends nothing to the server', async ({ page }) => {
    // The page's own clock, so the timers of the half second after the click can be run at once.
    await page.clock.install();
    await openAuthForms(page);
    await page.getByRole('tab', { name: 'Reset' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Reset' });
    await panel.getByLabel('Email', { exact: true }).fill('anna.nowak@example.org');

    const requests: string[] = [];
    page.on('request', (request) => requests.push(`${request.method()} ${request.url()}`));
    await panel.getByRole('button', { name: 'Send reset link' }).click();

    // A success, announced politely (a status, not an alert).
    const alert = page.getByRole('status').filter({ hasText: m.resetLinkSent('anna.nowak@example.org') });
    await expect(alert).toHaveCount(1);
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(m.resetLinkSent('anna.nowak@example.org')).toBe('Password reset link sent to anna.nowak@example.org');
    // Give a stray call time to show up before concluding there was none: the page's timers of the
    // next half second run now, then the test sends a request of its own. The page reports its
    // requests in the order it sends them, so a call sent before that one is listed before it.
    await page.clock.runFor(500);
    const marker = new URL('/healthz?after-the-reset-link', page.url()).href;
    await Promise.all([page.waitForRequest(marker), page.evaluate((url) => fetch(url).then(() => undefined), marker)]);
    expect(requests).toEqual([`GET ${marker}`]);

    await alert.getByRole('button', { name: 'Dismiss notification' }).click();
    await expect(alert).toHaveCount(0);
  });
});
