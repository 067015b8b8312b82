import AxeBuilder from '@axe-core/playwright';
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

/**
 * Runs axe (WCAG and best-practice rules) on the page as it is now and lists what it finds.
 * axe's default mode exists for pages with frames: it audits each frame apart and combines the parts
 * in a blank page it opens for that, which doubles the time of every audit (about 0.4 s more, over
 * 130 audits a run). The portal's pages have no frames, and on a page without them the direct run
 * finds the same: a page that gains a frame is audited the default way.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).setLegacyMode(page.frames().length === 1).analyze();
  const summary = results.violations.map(
    (violation) => `${violation.id} (${violation.impact}): ${violation.help}\n    ${violation.nodes.map((node) => node.target.join(' ')).join('\n    ')}`,
  );
  expect(summary, 'axe violations').toEqual([]);
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
