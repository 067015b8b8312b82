import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { chooseLanguage, expectNoAxeViolations, loginAs, registerCitizen, submitVehicleCase, type Citizen } from '../support/portal';

/**
 * Issue 35: a signed-out person who opens an email's link (/createCase?case=N) reads that the page
 * needs a sign-in (not the spec's 'Unauthorized', which is for a signed-in person of another role),
 * signs in, and arrives at that address with the case open. Only paths of this portal are followed.
 */

async function citizenWithCase(page: Page, request: APIRequestContext): Promise<{ citizen: Citizen; caseId: number; plate: string }> {
  const citizen = await registerCitizen(request);
  const plate = `KR ${String(10_000 + Math.floor(Math.random() * 90_000))}`;
  const id = await submitVehicleCase(request, await loginAs(page, citizen.username, citizen.password), plate);
  // The person reads the email signed out: the test's own sign-in goes.
  await page.context().clearCookies();
  return { citizen, caseId: id, plate };
}

async function signInOnTheLoginPage(page: Page, citizen: Citizen, labels: { username: string; password: string; submit: string }) {
  const panel = page.getByRole('tabpanel');
  await panel.getByLabel(labels.username, { exact: true }).fill(citizen.username);
  await panel.getByLabel(labels.password, { exact: true }).fill(citizen.password);
  await panel.getByRole('button', { name: labels.submit, exact: true }).click();
}

const views = [
  { name: 'in English at 1280 px', width: 1280, height: 800, polish: false },
  { name: 'in Polish at 360 px', width: 360, height: 740, polish: true },
] as const;

for (const view of views) {
  test(`a signed-out citizen opens an email's case link, is asked to sign in and lands on the case, ${view.name}`, async ({ page, request }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: view.width, height: view.height });
    const { citizen, caseId, plate } = await citizenWithCase(page, request);
    const address = `/createCase?case=${caseId}`;

    await page.goto(address);
    if (view.polish) await chooseLanguage(page, 'Polski');
    const main = page.getByRole('main');
    const t = view.polish
      ? {
          heading: 'Zaloguj się, aby kontynuować',
          text: 'Ta strona jest dostępna po zalogowaniu do portalu. Po zalogowaniu nastąpi powrót na tę stronę.',
          link: 'Zaloguj się',
          notice: 'Zaloguj się, aby otworzyć wybraną stronę. Po zalogowaniu nastąpi przejście na nią.',
          labels: { username: 'Nazwa użytkownika', password: 'Hasło', submit: 'Zaloguj się' },
        }
      : {
          heading: 'Sign in to continue',
          text: 'This page is for signed-in users of the portal. Log in and you will come straight back to it.',
          link: 'Log in',
          notice: 'Log in to open the page you asked for. You will be taken there after signing in.',
          labels: { username: 'Username', password: 'Password', submit: 'Log in' },
        };
    await expect(main.getByRole('heading', { level: 1, name: t.heading })).toBeVisible();
    await expect(main.getByRole('heading', { name: view.polish ? 'Brak uprawnień' : 'Unauthorized' })).toHaveCount(0);
    await expect(main).toContainText(t.text);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath(`sign-in-required-${view.width}.png`), fullPage: true });

    await main.getByRole('link', { name: t.link, exact: true }).click();
    await expect(page).toHaveURL(`/login?next=${encodeURIComponent(address)}`);
    await expect(page.getByText(t.notice, { exact: true })).toBeVisible();
    // The forms are open at once: the person came here to sign in.
    await expect(page.getByRole('tabpanel').getByLabel(t.labels.username, { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath(`login-returning-${view.width}.png`), fullPage: true });

    // The address the browser loads (the page then drops `?case=` once the case is open).
    const arrived = page.waitForURL(address, { waitUntil: 'commit' });
    await signInOnTheLoginPage(page, citizen, t.labels);
    await arrived;
    // The case the email named is open, not only its list.
    await expect(page.getByRole('article', { name: new RegExp(plate) })).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

test('after signing in, a return address that is not a path of this portal is not followed', async ({ page, request }) => {
  test.setTimeout(60_000);
  const citizen = await registerCitizen(request);
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  for (const next of ['//evil.example/user', '/\\evil.example', '%2F%2Fevil.example', 'https://evil.example/', '/login']) {
    await test.step(next, async () => {
      await page.context().clearCookies();
      await page.goto(`/login?next=${encodeURIComponent(next)}`);
      // Not taken as a return address: the plain welcome view, no notice.
      await expect(page.getByText('Log in to start using services', { exact: true })).toBeVisible();
      await expect(page.getByText(/You will be taken there/)).toHaveCount(0);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      const reloaded = page.waitForEvent('load');
      await signInOnTheLoginPage(page, citizen, { username: 'Username', password: 'Password', submit: 'Log in' });
      await reloaded;
      await expect(page.getByText('Login success!', { exact: true })).toBeVisible();
      expect(new URL(page.url()).origin).toBe(origin);
      expect(new URL(page.url()).pathname).toBe('/login');
    });
  }
});
