import { expect, test } from '@playwright/test';
import { waitForMail } from '../support/mail-box';
import { chooseLanguage, expectFieldMessage, expectNoAxeViolations, loginAs, registerCitizen } from '../support/portal';

/**
 * Issue 35 points 2 and 4: "Your sessions" says "sign out everywhere else and change your password"
 * and now leads there; a person ends one other session of the list, then changes their password:
 * a wrong current one is a field error, the right one keeps this session, ends the others, and an
 * email (in the person's language) tells them.
 */

const views = [
  { name: 'in English at 1280 px', width: 1280, height: 800, polish: false },
  { name: 'in Polish at 360 px', width: 360, height: 740, polish: true },
] as const;

const NEW_PASSWORD = 'Jesien-2026-klucz';

for (const view of views) {
  test(`a citizen ends one session, then changes the password from "Your sessions", ${view.name}`, async ({ page, request }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: view.width, height: view.height });
    const citizen = await registerCitizen(request);
    await loginAs(page, citizen.username, citizen.password);
    // Two more sign-ins, from a phone and a tablet, as POST /login records them.
    const signIn = async (userAgent: string) => {
      const response = await request.post('/login', { data: { username: citizen.username, password: citizen.password }, headers: { 'User-Agent': userAgent } });
      return { authorization: `Bearer ${((await response.json()) as { tokenJWT: string }).tokenJWT}` };
    };
    const phone = await signIn('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Version/17.0 Mobile Safari/604.1');
    const tablet = await signIn('Mozilla/5.0 (Linux; Android 14) Firefox/128.0');

    await page.goto('/account');
    if (view.polish) await chooseLanguage(page, 'Polski');
    const t = view.polish
      ? {
          sessions: 'Twoje sesje',
          endOne: 'Wyloguj tę sesję',
          ended: 'Sesja została wylogowana.',
          link: 'Zmień hasło',
          heading: 'Zmiana hasła',
          current: 'Obecne hasło',
          next: 'Nowe hasło',
          again: 'Powtórz nowe hasło',
          submit: 'Zmień hasło',
          wrong: 'Obecne hasło jest nieprawidłowe.',
          mismatch: 'Nowe hasła nie są takie same.',
          done: 'Hasło zostało zmienione. Pozostałe sesje zostały wylogowane.',
          subject: 'Hasło do konta zostało zmienione',
          emailLine: 'Pozostałe sesje zostały wylogowane.',
        }
      : {
          sessions: 'Your sessions',
          endOne: 'Sign out this session',
          ended: 'The session was signed out.',
          link: 'Change your password',
          heading: 'Change your password',
          current: 'Current password',
          next: 'New password',
          again: 'Repeat the new password',
          submit: 'Change password',
          wrong: 'The current password is not correct.',
          mismatch: 'The new passwords do not match.',
          done: 'Your password was changed. Your other sessions were signed out.',
          subject: 'Your password was changed',
          emailLine: 'Your other sessions were signed out.',
        };
    const panel = page.getByRole('region', { name: t.sessions });
    const items = panel.getByRole('listitem');
    // Registration signed in too: four sessions.
    await expect(items).toHaveCount(4);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath(`sessions-${view.width}.png`), fullPage: true });

    // The phone's row (its browser named Safari) ends alone; the tablet stays signed in.
    await items.filter({ hasText: 'Safari' }).getByRole('button', { name: t.endOne }).click();
    await expect(page.getByText(t.ended)).toBeVisible();
    await expect(items).toHaveCount(3);
    expect((await request.get('/api/users/me', { headers: phone })).status()).toBe(401);
    expect((await request.get('/api/users/me', { headers: tablet })).status()).toBe(200);
    await expectNoAxeViolations(page);

    await panel.getByRole('link', { name: t.link }).click();
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: t.heading })).toBeVisible();
    await main.getByLabel(t.current, { exact: true }).fill('Zgaduje123');
    await main.getByLabel(t.next, { exact: true }).fill(NEW_PASSWORD);
    await main.getByLabel(t.again, { exact: true }).fill(`${NEW_PASSWORD}x`);
    await main.getByRole('button', { name: t.submit }).click();
    await expectFieldMessage(main, t.again, t.mismatch);
    await main.getByLabel(t.again, { exact: true }).fill(NEW_PASSWORD);
    await main.getByRole('button', { name: t.submit }).click();
    await expectFieldMessage(main, t.current, t.wrong);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath(`change-password-error-${view.width}.png`), fullPage: true });

    await main.getByLabel(t.current, { exact: true }).fill(citizen.password);
    await main.getByLabel(t.next, { exact: true }).fill(NEW_PASSWORD);
    await main.getByLabel(t.again, { exact: true }).fill(NEW_PASSWORD);
    await main.getByRole('button', { name: t.submit }).click();
    await expect(main.getByRole('status').filter({ hasText: t.done })).toBeVisible();
    await expect(main.getByLabel(t.current, { exact: true })).toHaveValue('');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath(`change-password-done-${view.width}.png`), fullPage: true });

    // This session stays; the tablet's ended; the new password signs in, the old one no longer.
    await page.goto('/account');
    await expect(page.getByRole('region', { name: t.sessions }).getByRole('listitem')).toHaveCount(1);
    expect((await request.get('/api/users/me', { headers: tablet })).status()).toBe(401);
    expect((await request.post('/login', { data: { username: citizen.username, password: citizen.password } })).status()).toBe(401);
    expect((await request.post('/login', { data: { username: citizen.username, password: NEW_PASSWORD } })).status()).toBe(200);
    const mail = await waitForMail(citizen.email, t.subject);
    expect(mail.text).toContain(t.emailLine);
  });
}
