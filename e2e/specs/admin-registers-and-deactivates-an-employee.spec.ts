import { employeeMessages, fullName } from '@portal/contract';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { demoAccounts, expectFieldMessage, expectNoAxeViolations, loginAs, namesOf, newCitizen, openAuthForms } from '../support/portal';

/** The seed's inactive employee (apps/api/src/modules/employees/seed.ts): the table shows both badges from the start. */
const INACTIVE_DEMO_EMPLOYEE = 'Teresa';

async function openAdminDashboard(page: Page): Promise<void> {
  await loginAs(page, demoAccounts.admin.username, demoAccounts.admin.password);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
}

const employeeRow = (page: Page, email: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: email, exact: true }) });

test.describe('the admin dashboard', () => {
  test('an admin registers an employee, sees them Active, deactivates them; their login then fails silently; the Audit Log shows it', async ({
    page,
    browser,
    request,
  }) => {
    const admin = await namesOf(request, demoAccounts.admin);
    await openAdminDashboard(page);
    await expect(page.getByText(`Welcome, ${fullName(admin)}!`)).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Manage Employees' })).toHaveAttribute('aria-selected', 'true');

    // Register Employee: every rule's message under its field, then a real registration.
    await page.getByRole('tab', { name: 'Register Employee' }).click();
    const form = page.getByRole('tabpanel', { name: 'Register Employee' });
    await form.getByLabel('Email', { exact: true }).fill('not-an-address');
    await form.getByLabel('Password', { exact: true }).fill('short1');
    await form.getByLabel('Phone number', { exact: true }).fill('12345');
    await form.getByRole('button', { name: 'Register Employee' }).click();
    await expectFieldMessage(form, 'Username', employeeMessages.usernameRequired);
    await expectFieldMessage(form, 'Email', employeeMessages.emailInvalid);
    await expectFieldMessage(form, 'Password', employeeMessages.passwordTooShort);
    await expectFieldMessage(form, 'First name', employeeMessages.firstNameRequired);
    await expectFieldMessage(form, 'Last name', employeeMessages.lastNameRequired);
    await expectFieldMessage(form, 'Phone number', employeeMessages.phoneInvalid);
    await expectFieldMessage(form, 'Date of birth', employeeMessages.dateOfBirthRequired);
    await expect(form.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'password');
    await expect(form.getByLabel('Date of birth', { exact: true })).toHaveAttribute('type', 'date');

    const person = { ...newCitizen(), password: 'Urzad2025', phoneNumber: '603456789' };
    const values: [string, string][] = [
      ['Username', person.username],
      ['Email', person.email],
      ['Password', person.password],
      ['First name', person.firstName],
      ['Last name', person.lastName],
      ['Phone number', person.phoneNumber],
      ['Date of birth', person.dateOfBirth],
    ];
    for (const [label, value] of values) await form.getByLabel(label, { exact: true }).fill(value);
    await form.getByRole('button', { name: 'Register Employee' }).click();
    await expect(form.getByText(employeeMessages.registered, { exact: true })).toBeVisible();
    await expect(form.getByRole('button', { name: 'Register Employee' })).toBeFocused();
    for (const [label] of values) await expect(form.getByLabel(label, { exact: true })).toHaveValue('');

    // The same username again: refused, and the form keeps what was typed.
    for (const [label, value] of values) await form.getByLabel(label, { exact: true }).fill(value);
    await form.getByRole('button', { name: 'Register Employee' }).click();
    await expect(form.getByText(employeeMessages.registerFailed, { exact: true })).toBeVisible();
    await expect(form.getByRole('button', { name: 'Register Employee' })).toBeFocused();
    await expect(form.getByLabel('Username', { exact: true })).toHaveValue(person.username);

    // Manage Employees: the new employee is Active; the seeded one Inactive.
    await page.getByRole('tab', { name: 'Manage Employees' }).click();
    const table = page.getByRole('tabpanel', { name: 'Manage Employees' });
    await expect(table.getByRole('columnheader')).toHaveText(['First Name', 'Last Name', 'Email', 'Phone Number', 'Status', 'Action']);
    const row = employeeRow(page, person.email);
    await expect(row.getByRole('cell')).toHaveText([person.firstName, person.lastName, person.email, person.phoneNumber, 'Active', 'Deactivate']);
    const seeded = table.getByRole('row').filter({ has: page.getByRole('cell', { name: INACTIVE_DEMO_EMPLOYEE, exact: true }) });
    await expect(seeded.getByText('Inactive', { exact: true })).toBeVisible();
    await expect(seeded.getByRole('button', { name: /^Activate/ })).toHaveText('Activate');

    // Deactivate asks first.
    await row.getByRole('button', { name: /^Deactivate/ }).click();
    const dialog = page.getByRole('dialog', { name: `Deactivate ${person.firstName} ${person.lastName}?` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Deactivate', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByText('Inactive', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: /^Activate/ })).toHaveText('Activate');

    // The employee's login fails silently (spec sections 2 and 8): back to the welcome view, no message.
    const visitor = await browser.newContext();
    const theirPage = await visitor.newPage();
    const panel = await openAuthForms(theirPage);
    await panel.getByLabel('Username', { exact: true }).fill(person.username);
    await panel.getByLabel('Password', { exact: true }).fill(person.password);
    const answer = theirPage.waitForResponse((response) => response.url().endsWith('/login') && response.request().method() === 'POST');
    await panel.getByRole('button', { name: 'Log in' }).click();
    expect((await answer).status()).toBeGreaterThanOrEqual(400);
    await expect(theirPage.getByRole('tablist')).toBeHidden();
    await expect(theirPage.getByText('Log in to start using services', { exact: true })).toBeVisible();
    await expect(theirPage.getByRole('alert')).toHaveCount(0);
    expect((await visitor.cookies()).some((cookie) => cookie.name === 'auth_token')).toBe(false);
    await visitor.close();

    // Audit Log: the chain verifies and both actions are listed, newest first.
    await page.getByRole('tab', { name: 'Audit Log' }).click();
    const log = page.getByRole('tabpanel', { name: 'Audit Log' });
    await expect(log.getByText(/^Chain intact \(entries checked: \d+\)\.$/)).toBeVisible();
    const deactivation = log.getByRole('row').filter({ hasText: 'Employee deactivated' }).first();
    await expect(deactivation.getByRole('cell').nth(1)).toHaveText(fullName(admin));
    await expect(deactivation).toContainText('Active: yes → no');
    await expect(log.getByRole('row').filter({ hasText: 'Employee registered' }).filter({ hasText: person.username }).first()).toBeVisible();

    // Filtering by action leaves only that action.
    await log.getByLabel('Action', { exact: true }).selectOption({ label: 'Employee deactivated' });
    await log.getByRole('button', { name: 'Apply filters' }).click();
    await expect(log.getByRole('row').filter({ hasText: 'Employee registered' })).toHaveCount(0);
    await expect(log.getByRole('row').filter({ hasText: 'Employee deactivated' }).first()).toBeVisible();

    // CSV export downloads the same selection.
    const download = page.waitForEvent('download');
    await log.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await file.path(), 'utf8');
    expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('id,occurredAt,actorId,actorName,action,entityType,entityId,before,after,prevHash,hash');
    expect(csv).toContain(`${fullName(admin)},employee.deactivate,user,`);
    expect(csv).not.toContain('employee.register');
  });

  test("says 'Loading...' while the employees load and 'Failed to fetch employees.' when they cannot", async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/users/employees', async (route) => {
      await held;
      await route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"InternalServerError","message":"x"}' });
    });
    // A 5xx is asked again twice, 1 s and then 2 s later (apps/web/src/lib/query-client.ts): the
    // page's clock is moved over those waits instead of the test sitting them out.
    await page.clock.install();
    await openAdminDashboard(page);
    await expect(page.getByRole('tabpanel', { name: 'Manage Employees' }).getByText('Loading...', { exact: true })).toBeVisible();
    release();
    const failed = page.getByText(employeeMessages.fetchFailed, { exact: true });
    await expect
      .poll(async () => {
        await page.clock.fastForward(1000);
        return failed.isVisible();
      })
      .toBe(true);
    await expect(failed).toBeVisible();
  });

  test("says 'Failed to update employee status.' when a change fails, and the row stays as it was", async ({ page }) => {
    await page.route('**/api/users/activate/*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"InternalServerError","message":"x"}' }),
    );
    await openAdminDashboard(page);
    const seeded = page.getByRole('row').filter({ has: page.getByRole('cell', { name: INACTIVE_DEMO_EMPLOYEE, exact: true }) });
    await seeded.getByRole('button', { name: /^Activate/ }).click();
    await expect(page.getByText(employeeMessages.statusFailed, { exact: true })).toBeVisible();
    await expect(seeded.getByText('Inactive', { exact: true })).toBeVisible();
  });

  // An employee opening /admin reads 'Unauthorized': visitor-learns-why-a-page-is-closed.spec.ts.

  for (const width of [1280, 360]) {
    test(`axe finds no violations on all three tabs at ${width} px`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
      await openAdminDashboard(page);
      for (const tab of ['Manage Employees', 'Register Employee', 'Audit Log'] as const) {
        await page.getByRole('tab', { name: tab }).click();
        const panel = page.getByRole('tabpanel', { name: tab });
        if (tab === 'Manage Employees') {
          await expect(panel.getByRole('button', { name: /^Activate/ }).first()).toBeVisible();
          // The confirmation too (cancelled: the seeded employees serve other specs).
          await panel.getByRole('button', { name: /^Deactivate/ }).first().click();
          const dialog = page.getByRole('dialog');
          await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
          await expectNoAxeViolations(page);
          if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/admin-confirm-${width}.png` });
          await dialog.getByRole('button', { name: 'Cancel' }).click();
          await expect(dialog).toBeHidden();
        }
        if (tab === 'Register Employee') {
          await panel.getByRole('button', { name: 'Register Employee' }).click();
          await expect(panel.locator('[aria-invalid="true"]').first()).toBeVisible();
        }
        if (tab === 'Audit Log') await expect(panel.getByText(/^Chain intact/)).toBeVisible();
        await expectNoAxeViolations(page);
        if (process.env.E2E_SCREENSHOTS) {
          await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/admin-${tab.replace(/ /g, '-').toLowerCase()}-${width}.png`, fullPage: true });
        }
        testInfo.annotations.push({ type: 'checked', description: `${tab} at ${width} px` });
      }
    });
  }

  test('on a phone the employee table reads as one card per employee', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await openAdminDashboard(page);
    const seeded = page.getByRole('row').filter({ has: page.getByRole('cell', { name: INACTIVE_DEMO_EMPLOYEE, exact: true }) });
    await expect(seeded).toBeVisible();
    // No sideways scrolling, and each value shows its column's name in front of it.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const firstCell = seeded.getByRole('cell').first();
    const label = await firstCell.evaluate((cell) => getComputedStyle(cell, '::before').content);
    expect(label).toContain('First Name');
    // The header row is there for assistive technology only.
    const headerRow = await page.getByRole('tabpanel', { name: 'Manage Employees' }).locator('thead').boundingBox();
    expect(headerRow?.height ?? 0).toBeLessThanOrEqual(1);
  });
});
