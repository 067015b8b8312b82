import { expect, test, type Browser, type Page } from '@playwright/test';
import { watchLiveSocket } from '../support/letters';
import { demoAccounts, expectNoAxeViolations, loginAs, registerCitizen, type Credentials } from '../support/portal';

/** A second, independent browser (own cookies) logged in as `who`. */
async function openSecondBrowser(browser: Browser, who: Credentials): Promise<Page> {
  const { baseURL, viewport, locale } = test.info().project.use;
  const context = await browser.newContext({ baseURL, viewport, locale });
  const page = await context.newPage();
  await loginAs(page, who.username, who.password);
  return page;
}

test.describe('a citizen follows a case an employee updates', () => {
  test('the employee sets IN_PROGRESS; the case leaves the pending list and the citizen sees it without reloading', async ({ page, request, browser }) => {
    test.setTimeout(90_000);
    const citizen = await registerCitizen(request);
    const token = await loginAs(page, citizen.username, citizen.password);
    const created = await request.post('/api/case-resolution/create/VehicleRegistration', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        caseResolutionDTO: { caseType: 'VEHICLE_REGISTRATION', comments: 'Please register my car.' },
        vehicleRegistrationDTO: {
          vehicleNumberPlate: 'WA1234A',
          vehicleMake: 'Toyota',
          vehicleModel: 'Corolla',
          vehicleYear: 2021,
          registrationDate: '2025-01-15',
          vehicleColor: 'Red',
          vehicleVin: 'JTDBR32E720012345',
        },
      },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const caseName = 'Vehicle registration - WA1234A';

    // The citizen opens the case's details and keeps the page open.
    const citizenSocket = await watchLiveSocket(page);
    await page.goto('/createCase');
    await page.getByRole('list', { name: 'Pending Case Resolutions' }).getByRole('listitem').filter({ hasText: caseName }).getByRole('button', { name: 'See Details' }).click();
    const citizenDetails = page.getByRole('article', { name: caseName });
    await expect(citizenDetails.locator('> dl').getByRole('definition').nth(0)).toHaveText(`C-${id}`);
    await expect(citizenDetails.locator('> dl').getByRole('definition').nth(2)).toHaveText('Pending');
    await citizenSocket.opened;

    // The employee: only List, the case among the pending ones, its details with the status choice.
    const employee = await openSecondBrowser(browser, demoAccounts.employee);
    await employee.goto('/createCase');
    await expect(employee.getByRole('heading', { level: 1, name: 'Case Resolutions' })).toBeVisible();
    await expect(employee.getByRole('tablist', { name: 'Case resolutions view' }).getByRole('tab')).toHaveText(['List']);
    const pendingItem = employee.getByRole('list', { name: 'Pending Case Resolutions' }).getByRole('listitem').filter({ hasText: caseName });
    await expect(pendingItem.getByRole('definition').first()).toHaveText(`C-${id}`);
    await expect(pendingItem.getByRole('definition').nth(1)).toHaveText('Vehicle registration');
    await expect(pendingItem.getByRole('definition').nth(2)).toHaveText('Pending');
    await pendingItem.getByRole('button', { name: 'See Details' }).click();
    const staffDetails = employee.getByRole('article', { name: caseName });
    await expect(staffDetails.getByRole('region', { name: 'Vehicle registration details' })).toContainText('WA1234A');
    const choice = staffDetails.getByLabel('Change status to');
    await expect(choice).toHaveValue('PENDING');
    await expect(choice.getByRole('option')).toHaveText(['Pending', 'In progress', 'Resolved', 'Rejected']);
    await expectNoAxeViolations(employee);

    // 'Updating...' while the call is on its way (held back until it has been seen).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await employee.route(`**/api/case-resolution/${id}/update-status/*`, async (route) => {
      await held;
      await route.continue();
    });
    await choice.selectOption('IN_PROGRESS');
    await staffDetails.getByRole('button', { name: 'Update' }).click();
    await expect(staffDetails.getByRole('button', { name: 'Updating...' })).toBeDisabled();
    release();
    await expect(employee.getByRole('status').filter({ hasText: `The status of ${caseName} is now In progress.` })).toBeVisible();
    await expect(staffDetails.getByRole('button', { name: 'Update' })).toBeEnabled();
    // Busy, the button stayed focusable: focus is still on it, not dropped to the page's body.
    await expect(staffDetails.getByRole('button', { name: 'Update' })).toBeFocused();
    await expect(choice).toHaveValue('PENDING');
    await expect(pendingItem).toHaveCount(0);

    // The citizen's open page follows, without a reload.
    await expect(citizenDetails.locator('> dl').getByRole('definition').nth(2)).toHaveText('In progress');
    // The history's own list (its receipts follow it in a list of their own).
    await expect(citizenDetails.getByRole('region', { name: 'Status history' }).getByRole('list').first().getByRole('listitem')).toHaveCount(2);
    await expect(citizenDetails.getByRole('status')).toHaveText('The status of this case changed to In progress.');
    await expect(page.getByRole('list', { name: 'Your cases being handled or decided' }).getByRole('listitem').filter({ hasText: caseName }).getByRole('definition').nth(2)).toHaveText('In progress');
    await expect(page.getByRole('list', { name: 'Pending Case Resolutions' }).getByRole('listitem').filter({ hasText: caseName })).toHaveCount(0);
    await expectNoAxeViolations(page);

    await employee.setViewportSize({ width: 360, height: 800 });
    await expectNoAxeViolations(employee);
    await employee.context().close();
  });

  test('an admin both creates and lists', async ({ page }) => {
    await loginAs(page, demoAccounts.admin.username, demoAccounts.admin.password);
    await page.goto('/createCase');
    await expect(page.getByRole('tablist', { name: 'Case resolutions view' }).getByRole('tab')).toHaveText(['Create', 'List']);
    await expect(page.getByRole('tab', { name: 'List' })).toHaveAttribute('aria-selected', 'true');
  });
});
