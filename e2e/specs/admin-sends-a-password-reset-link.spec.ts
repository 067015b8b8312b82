import { expect, test } from '@playwright/test';
import { waitForMail } from '../support/mail-box';
import { chooseLanguage, demoAccounts, expectFieldMessage, expectNoAxeViolations, loginAs, registerCitizen } from '../support/portal';

/**
 * Issue 35 point 3: a citizen who cannot sign in is helped by the office. An admin finds them on
 * the Admin Dashboard and sends a password-reset email (through the run's real SMTP server); its
 * link, opened signed out, sets a new password under the spec's rules, once. The spec's Reset tab
 * is untouched (visitor-asks-for-a-password-reset.spec.ts).
 */

const views = [
  { name: 'in English at 1280 px', width: 1280, height: 800, polish: false },
  { name: 'in Polish at 360 px', width: 360, height: 740, polish: true },
] as const;

const NEW_PASSWORD = 'Zima-2027-klucz';

for (const view of views) {
  test(`an admin sends a reset link; the citizen sets a new password with it once, ${view.name}`, async ({ page, request }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: view.width, height: view.height });
    const citizen = await registerCitizen(request);
    await loginAs(page, demoAccounts.admin.username, demoAccounts.admin.password);
    await page.goto('/admin');
    if (view.polish) await chooseLanguage(page, 'Polski');
    const t = view.polish
      ? {
          section: 'Wyślij link do ustawienia hasła',
          search: 'Nazwa użytkownika',
          send: 'Wyślij link',
          confirm: 'Wyślij',
          sent: `Link do ustawienia nowego hasła wysłano na adres ${citizen.email}. Jest ważny przez 30 minut.`,
          heading: 'Ustawienie nowego hasła',
          next: 'Nowe hasło',
          again: 'Powtórz nowe hasło',
          submit: 'Ustaw nowe hasło',
          tooShort: 'Hasło musi mieć co najmniej 8 znaków',
          done: 'Nowe hasło zostało ustawione. Wszystkie sesje konta zostały zakończone. Można się teraz zalogować.',
          used: 'Ten link do ustawienia hasła został już wykorzystany. W razie potrzeby prosimy zwrócić się do urzędu o nowy.',
        }
      : {
          section: 'Send a password reset link',
          search: 'Username',
          send: 'Send reset link',
          confirm: 'Send',
          sent: `A password reset link was sent to ${citizen.email}. It works for 30 minutes.`,
          heading: 'Set a new password',
          next: 'New password',
          again: 'Repeat the new password',
          submit: 'Set the new password',
          tooShort: 'Password must be at least 8 characters long',
          done: 'Your new password is set. Every session of the account was signed out. You can now log in.',
          used: 'This password reset link has already been used. Please ask the office for a new one if you need it.',
        };

    const section = page.getByRole('region', { name: t.section });
    await section.getByLabel(t.search, { exact: true }).fill(citizen.username);
    const row = section.getByRole('listitem').filter({ hasText: citizen.username });
    await expect(row).toHaveCount(1);
    await expectNoAxeViolations(page);
    await row.getByRole('button', { name: t.send }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(citizen.username);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath(`admin-confirm-${view.width}.png`), fullPage: true });
    await dialog.getByRole('button', { name: t.confirm, exact: true }).click();
    await expect(section.getByRole('status')).toHaveText(t.sent);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath(`admin-sent-${view.width}.png`), fullPage: true });

    // The email, as the citizen's mailbox got it over SMTP: its link opens the reset page of this portal.
    const mail = await waitForMail(citizen.email, 'Set a new password for the City Service Portal');
    const link = /https?:\/\/[^\s]+\/password-reset#token=[A-Za-z0-9_-]+/.exec(mail.text ?? '')?.[0];
    expect(link, mail.text).toBeTruthy();
    const { pathname, hash } = new URL(link ?? '');

    // The citizen opens it signed out.
    await page.context().clearCookies();
    await page.goto(`${pathname}${hash}`);
    if (view.polish) await chooseLanguage(page, 'Polski');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: t.heading })).toBeVisible();
    await main.getByLabel(t.next, { exact: true }).fill('krotk1');
    await main.getByLabel(t.again, { exact: true }).fill('krotk1');
    await main.getByRole('button', { name: t.submit }).click();
    await expectFieldMessage(main, t.next, t.tooShort);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath(`reset-form-${view.width}.png`), fullPage: true });

    await main.getByLabel(t.next, { exact: true }).fill(NEW_PASSWORD);
    await main.getByLabel(t.again, { exact: true }).fill(NEW_PASSWORD);
    await main.getByRole('button', { name: t.submit }).click();
    await expect(main.getByRole('status').filter({ hasText: t.done })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath(`reset-done-${view.width}.png`), fullPage: true });
    expect((await request.post('/login', { data: { username: citizen.username, password: NEW_PASSWORD } })).status()).toBe(200);

    // Single use: the same link again says so, and asks nothing.
    await page.reload();
    await expect(main.getByRole('alert')).toHaveText(t.used);
    await expect(main.getByLabel(t.next, { exact: true })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath(`reset-used-${view.width}.png`), fullPage: true });
  });
}
