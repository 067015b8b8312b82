import AxeBuilder from '@axe-core/playwright';
import { createRequire } from 'node:module';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** Accounts the API seeds with SEED_DEMO=true. */
export const demoAccounts = {
  admin: { username: 'admin', password: 'Admin1234' },
  employee: { username: 'jkowalski', password: 'Employee123' },
  secondEmployee: { username: 'mwisniewska', password: 'Employee123' },
  citizen: { username: 'anowak', password: 'Citizen123' },
  secondCitizen: { username: 'pzielinski', password: 'Citizen123' },
} as const;

export type Credentials = { username: string; password: string };

function baseUrl(): string {
  const url = test.info().project.use.baseURL;
  if (!url) throw new Error('playwright.config.ts must set use.baseURL');
  return url;
}

async function tokenFor(request: APIRequestContext, { username, password }: Credentials): Promise<string> {
  const response = await request.post('/login', { data: { username, password } });
  expect(response.status(), `POST /login as ${username}`).toBe(200);
  const body: unknown = await response.json();
  if (typeof body !== 'object' || body === null || !('tokenJWT' in body) || typeof body.tokenJWT !== 'string') {
    throw new Error(`POST /login answered without tokenJWT: ${JSON.stringify(body)}`);
  }
  return body.tokenJWT;
}

/**
 * Logs the page's browser context in the quick way: a token from POST /login put into the
 * auth_token cookie, exactly what the login screen stores. The next navigation is logged in.
 */
export async function loginAs(page: Page, username: string, password: string): Promise<string> {
  const token = await tokenFor(page.request, { username, password });
  await page.context().addCookies([{ name: 'auth_token', value: encodeURIComponent(token), url: baseUrl(), sameSite: 'Lax' }]);
  return token;
}

export type Citizen = {
  username: string;
  password: string;
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  dateOfBirth: string;
};

let sequence = 0;

/** A citizen nobody else uses: unique per worker and call, at most 20 characters. */
export function newCitizen(): Citizen {
  sequence += 1;
  const tag = `${Date.now().toString(36).slice(-5)}${test.info().workerIndex}${sequence}${Math.floor(Math.random() * 1296).toString(36)}`;
  return {
    username: `e2e${tag}`.slice(0, 20),
    password: 'Citizen123',
    email: `e2e.${tag}@example.org`,
    firstName: `Zofia${tag.replace(/\d/g, '').slice(0, 6)}`,
    lastName: 'Testowa',
    phoneNumber: '501234567',
    dateOfBirth: '1990-05-17',
  };
}

/** Registers a fresh citizen through POST /register and returns their details. */
export async function registerCitizen(request: APIRequestContext, overrides: Partial<Citizen> = {}): Promise<Citizen> {
  const citizen = { ...newCitizen(), ...overrides };
  const response = await request.post('/register', { data: citizen });
  expect(response.status(), `POST /register ${await response.text()}`).toBe(201);
  return citizen;
}

/** The names the API reports for an account, so tests never guess seed data. */
export async function namesOf(request: APIRequestContext, credentials: Credentials): Promise<{ firstName: string; lastName: string }> {
  const token = await tokenFor(request, credentials);
  const response = await request.get('/api/users/me', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { firstName: string; lastName: string };
  return { firstName: body.firstName, lastName: body.lastName };
}

/** The first name the API reports for an account. */
export async function firstNameOf(request: APIRequestContext, credentials: Credentials): Promise<string> {
  return (await namesOf(request, credentials)).firstName;
}

/** The page's header (the banner landmark): who is signed in, the language switch, the navigation. */
export function siteHeader(page: Page): Locator {
  return page.getByRole('banner');
}

/** Chooses a language with the header's switch and waits until the page is in it. */
export async function chooseLanguage(page: Page, language: 'English' | 'Polski'): Promise<void> {
  await siteHeader(page).getByRole('button', { name: language }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', language === 'Polski' ? 'pl' : 'en');
}

/** The axe-core that @axe-core/playwright itself loads (its own dependency, the same version). */
const axeSource = (createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))('axe-core') as { source: string }).source;

type AxeRun = { violations: { id: string; impact?: string | null; help: string; nodes: { target: unknown[] }[] }[] };

/**
 * axe on the page's document: its 580 kB source is evaluated once per document and kept there, then
 * each audit is one `axe.run` with axe's defaults (every rule it enables by default, as AxeBuilder
 * runs them). AxeBuilder evaluates the source twice per audit (once to look, once to inject), which
 * cost more than the audit itself (bench/README.md, "The suite's time").
 */
async function axeOnThisDocument(page: Page): Promise<AxeRun> {
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
  if (!loaded) await page.evaluate(axeSource);
  // Only the violations come back: axe still runs every rule, it only skips collecting every node
  // that passed (resultTypes), and the page sends no passes over the DevTools pipe.
  return page.evaluate(async () => {
    const { axe } = window as unknown as { axe: { run(context: Document, options: { resultTypes: string[] }): Promise<AxeRun> } };
    const { violations } = await axe.run(document, { resultTypes: ['violations'] });
    return { violations };
  });
}

/**
 * Runs axe (WCAG and best-practice rules) on the page as it is now and lists what it finds.
 * A page with frames is audited AxeBuilder's default way (each frame apart, the parts combined in a
 * blank page); the portal's pages have none, and on a page without them the direct run finds the same.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  expect(await axeViolations(page), 'axe violations').toEqual([]);
}

/** What axe finds on the page as it is now, a line a rule: its id, impact and help, then each element. */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = page.frames().length === 1 ? await axeOnThisDocument(page) : await new AxeBuilder({ page }).analyze();
  return summarizeAxe(results);
}

export function summarizeAxe(results: AxeRun): string[] {
  return results.violations.map(
    (violation) => `${violation.id} (${violation.impact}): ${violation.help}\n    ${violation.nodes.map((node) => node.target.join(' ')).join('\n    ')}`,
  );
}

export function mainNavigation(page: Page, name = 'Main navigation'): Locator {
  return page.getByRole('navigation', { name });
}

/** The navigation as [link text, href] pairs, in order. */
export async function navigationLinks(page: Page, name?: string): Promise<[string, string][]> {
  const links = mainNavigation(page, name).getByRole('link');
  await expect(links.first()).toBeVisible();
  return links.evaluateAll((elements) => elements.map((element) => [element.textContent?.trim() ?? '', element.getAttribute('href') ?? '']));
}

/**
 * Asserts `message` is shown under the field labelled `label`: the input is marked invalid, the
 * message is part of its accessible description, and it sits below the input.
 */
export async function expectFieldMessage(scope: Page | Locator, label: string, message: string): Promise<void> {
  const input = scope.getByLabel(label, { exact: true });
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(input).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)));
  // The one under this field (the form's error summary may list the same words).
  const shown = input.locator('xpath=..').getByText(message, { exact: true });
  await expect(shown).toBeVisible();
  const [inputBox, messageBox] = await Promise.all([input.boundingBox(), shown.boundingBox()]);
  expect(messageBox?.y ?? 0).toBeGreaterThan(inputBox?.y ?? Number.POSITIVE_INFINITY);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Opens /login and reveals the Login / Register / Reset tabs with the welcome view's Login button. */
export async function openAuthForms(page: Page): Promise<Locator> {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('tablist')).toBeVisible();
  return page.getByRole('tabpanel');
}

/** A vehicle registration case the citizen whose token this is submits through the API; answers its id. */
export async function submitVehicleCase(request: APIRequestContext, token: string, plate: string): Promise<number> {
  const created = await request.post('/api/case-resolution/create/VehicleRegistration', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      caseResolutionDTO: { caseType: 'VEHICLE_REGISTRATION' },
      vehicleRegistrationDTO: {
        vehicleNumberPlate: plate,
        vehicleMake: 'Skoda',
        vehicleModel: 'Fabia',
        vehicleYear: 2020,
        registrationDate: '2025-02-10',
        vehicleColor: 'Grey',
        vehicleVin: 'TMBEG7NJ4L1234567',
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}
