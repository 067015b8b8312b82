import { expect, test, type Page } from '@playwright/test';
import { chooseLanguage, demoAccounts, expectNoAxeViolations, loginAs, registerCitizen, siteHeader } from '../support/portal';

// Issue 35 point 5: a citizen asks to close the account, withdraws, asks again; an admin refuses with
// a reason in the Admin Dashboard's tab; the citizen reads it and asks again; the admin approves
// after a dialog that says what goes and what stays; the citizen's header is then signed out.
// (The emails of each step reach a real SMTP server in apps/api/test/account-closure-decisions.test.ts.)

const shots = (name: string) => test.info().outputPath(`${name}.png`);

/** Axe and a screenshot at 1280 px, then the same at 360 px; the page is left at 1280 px. */
async function lookAtBothWidths(page: Page, name: string): Promise<void> {
  await expectNoAxeViolations(page);
  await page.screenshot({ path: shots(`${name}-1280`), fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoAxeViolations(page);
  await page.screenshot({ path: shots(`${name}-360`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a closure asked for, withdrawn, refused with a reason, asked again and approved, in English and Polish, at 1280 and 360 px', async ({ page, browser }) => {
  // Ten screens at two widths with axe each: about a minute alone on a quiet machine.
  test.setTimeout(180_000);
  const citizen = await registerCitizen(page.request);
  const who = `${citizen.firstName} ${citizen.lastName} (${citizen.username})`;
  await loginAs(page, citizen.username, citizen.password);
  await page.goto('/account');
  const closing = page.getByRole('region', { name: 'Close my account' });

  // Asked, then withdrawn.
  await closing.getByRole('button', { name: 'Ask to close my account' }).click();
  await page.getByRole('dialog', { name: 'Close your account?' }).getByRole('button', { name: 'Ask to close' }).click();
  await expect(closing.getByText(/Your request to close the account was sent on/)).toBeVisible();
  await lookAtBothWidths(page, 'closure-requested');
  await closing.getByRole('button', { name: 'Withdraw the request' }).click();
  await expect(closing.getByRole('button', { name: 'Ask to close my account' })).toBeVisible();
  await expect(closing.getByText(/was sent on/)).toHaveCount(0);
  await lookAtBothWidths(page, 'closure-withdrawn');

  // Asked again.
  await closing.getByRole('button', { name: 'Ask to close my account' }).click();
  await page.getByRole('dialog', { name: 'Close your account?' }).getByRole('button', { name: 'Ask to close' }).click();
  await expect(closing.getByText(/was sent on/)).toBeVisible();

  // The admin, in a browser of their own, refuses: a reason is required.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await loginAs(admin, demoAccounts.admin.username, demoAccounts.admin.password);
  await admin.goto('/admin');
  await admin.getByRole('tab', { name: /^Account closures \(\d+\)$/ }).click();
  await expect(admin.getByRole('heading', { name: 'Requests to close an account' })).toBeVisible();
  await lookAtBothWidths(admin, 'admin-closures');
  await admin.getByRole('button', { name: `Refuse (${citizen.username})` }).click();
  const refuseDialog = admin.getByRole('dialog', { name: `Refuse to close the account of ${who}?` });
  await refuseDialog.getByRole('button', { name: 'Refuse the request' }).click();
  await expect(refuseDialog.getByText('Please give the reason for refusing.')).toBeVisible();
  await lookAtBothWidths(admin, 'admin-refuse-dialog');
  const reason = 'An obligation on the account is still unpaid.';
  await refuseDialog.getByLabel(/Reason/).fill(reason);
  await refuseDialog.getByRole('button', { name: 'Refuse the request' }).click();
  await expect(admin.getByRole('button', { name: `Refuse (${citizen.username})` })).toHaveCount(0);

  // The citizen reads the refusal and its reason, in Polish too, and asks again.
  await page.reload();
  await expect(closing.getByText(/An administrator refused to close your account on/)).toBeVisible();
  await expect(closing.getByText(`Reason: ${reason}`)).toBeVisible();
  await lookAtBothWidths(page, 'closure-refused');
  await chooseLanguage(page, 'Polski');
  const closingPl = page.getByRole('region', { name: 'Zamknij moje konto' });
  await expect(closingPl.getByText(/Administrator odmówił zamknięcia konta w dniu/)).toBeVisible();
  await lookAtBothWidths(page, 'closure-refused-pl');
  await closingPl.getByRole('button', { name: 'Złóż wniosek ponownie' }).click();
  await page.getByRole('dialog', { name: 'Zamknąć konto?' }).getByRole('button', { name: 'Złóż wniosek' }).click();
  await expect(closingPl.getByText(/Wniosek o zamknięcie konta wysłano/)).toBeVisible();
  await lookAtBothWidths(page, 'closure-requested-pl');

  // The admin, in Polish, approves after the dialog that says what goes and what is kept.
  await admin.reload();
  await chooseLanguage(admin, 'Polski');
  await admin.getByRole('tab', { name: /^Zamknięcia kont \(\d+\)$/ }).click();
  await admin.getByRole('button', { name: `Zatwierdź i zamknij (${citizen.username})` }).click();
  const approveDialog = admin.getByRole('dialog', { name: `Zamknąć konto: ${who}?` });
  await expect(approveDialog).toContainText('Zostaną usunięte: imię i nazwisko');
  await expect(approveDialog).toContainText('Pozostaną pod pseudonimem closed-');
  await lookAtBothWidths(admin, 'admin-approve-dialog-pl');
  await approveDialog.getByRole('button', { name: 'Zamknij konto' }).click();
  await expect(admin.getByRole('button', { name: `Zatwierdź i zamknij (${citizen.username})` })).toHaveCount(0);
  await adminContext.close();

  // The citizen's next page is signed out: one way in, no Logout beside it.
  await page.goto('/');
  await expect(siteHeader(page).getByRole('link', { name: 'Zaloguj się' })).toBeVisible();
  await expect(siteHeader(page).getByRole('button', { name: 'Wyloguj' })).toHaveCount(0);
  await lookAtBothWidths(page, 'closed-signed-out-pl');
});
