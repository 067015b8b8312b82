import { authMessages as m, caseMessages } from '@portal/contract';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiSession, uniqueTag, writeLetter } from '../support/letters';
import { expectNoAxeViolations, loginAs, openAuthForms, registerCitizen } from '../support/portal';

// Issue 19, "Feedback everywhere" (points 9 to 13): an error summary at the top of a submitted form,
// notifications that never cover the page's heading and go once they no longer hold, an opened chat
// in view on a phone, a visible focus ring on date fields, and a one-column register form.

const widths = [
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
] as const;

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (!found) throw new Error('element is not on screen');
  return found;
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * The notification is on screen where it appeared (brought into view beside the form's button, issue
 * 35) and lies apart from the page's heading (both in the page's flow, at the same scroll).
 */
async function expectHeadingUncovered(page: Page, notification: Locator) {
  await expect(notification).toBeInViewport();
  const heading = await box(page.getByRole('heading', { level: 1 }));
  const note = await box(notification);
  expect(overlaps(heading, note), `notification ${JSON.stringify(note)} over the h1 ${JSON.stringify(heading)}`).toBe(false);
}

const summaryOf = (scope: Page | Locator) => scope.getByRole('alert', { name: 'There is a problem' });

const registerFields = ['Username', 'Email', 'Password', 'First name', 'Last name', 'Phone number', 'Date of birth'] as const;
const registerRequired = [m.usernameRequired, m.emailRequired, m.passwordRequired, m.firstNameRequired, m.lastNameRequired, m.phoneRequired, m.dateOfBirthRequired];

for (const size of widths) {
  test(`at ${size.width} px the register form reads top to bottom and sums up its errors at its top`, async ({ page }) => {
    await page.setViewportSize(size);
    await openAuthForms(page);
    await page.getByRole('tab', { name: 'Register' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Register' });

    // One column: each field starts below the one before it, at the same left edge.
    const boxes = await Promise.all(registerFields.map((label) => box(panel.getByLabel(label, { exact: true }))));
    for (let index = 1; index < boxes.length; index += 1) {
      const [above, below] = [boxes[index - 1] as Box, boxes[index] as Box];
      expect(below.y, `${registerFields[index]} below ${registerFields[index - 1]}`).toBeGreaterThan(above.y + above.height);
      expect(below.x).toBe(above.x);
    }

    // Submitted empty: the summary takes focus and links each message, in the form's order.
    await panel.getByRole('button', { name: 'Create account' }).click();
    const summary = summaryOf(panel);
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('link')).toHaveText(registerRequired);
    await expect(panel.getByLabel('Email', { exact: true })).toHaveAccessibleDescription(m.emailRequired);
    const [summaryBox, firstField] = await Promise.all([box(summary), box(panel.getByLabel('Username', { exact: true }))]);
    expect(summaryBox.y + summaryBox.height).toBeLessThanOrEqual(firstField.y);
    await expectNoAxeViolations(page);

    // A link takes the reader to its field; a fixed field leaves the list.
    await summary.getByRole('link', { name: m.emailRequired }).click();
    const email = panel.getByLabel('Email', { exact: true });
    await expect(email).toBeFocused();
    await email.fill('anna.nowak@example.org');
    await expect(summary.getByRole('link')).toHaveText(registerRequired.filter((text) => text !== m.emailRequired));

    // The date field shows the same focus ring as a text field.
    const ringOf = (locator: Locator) =>
      locator.evaluate((element) => {
        const style = getComputedStyle(element);
        return { focused: document.activeElement === element, outline: `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}` };
      });
    await panel.getByLabel('Phone number', { exact: true }).focus();
    const textRing = await ringOf(panel.getByLabel('Phone number', { exact: true }));
    await page.keyboard.press('Tab');
    const dateRing = await ringOf(panel.getByLabel('Date of birth', { exact: true }));
    expect(dateRing).toEqual({ focused: true, outline: textRing.outline });
    expect(dateRing.outline).toMatch(/^solid 3px /);
  });

  test(`at ${size.width} px a success is a polite status that leaves the page heading uncovered`, async ({ page }) => {
    await page.setViewportSize(size);
    await openAuthForms(page);
    await page.getByRole('tab', { name: 'Reset' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Reset' });
    await panel.getByLabel('Email', { exact: true }).fill('anna@example.org');
    await panel.getByRole('button', { name: 'Send reset link' }).click();
    const success = page.getByRole('status').filter({ hasText: 'Password reset link sent to anna@example.org' });
    await expect(success).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expectHeadingUncovered(page, success);

    // Submitted again with a wrong address: the earlier success no longer holds.
    await panel.getByLabel('Email', { exact: true }).fill('anna@');
    await panel.getByRole('button', { name: 'Send reset link' }).click();
    await expect(summaryOf(panel).getByRole('link')).toHaveText([m.resetEmailRequired]);
    await expect(success).toHaveCount(0);
  });
}

test('the case form sums up its errors, and its notification goes once they are fixed', async ({ page, request }) => {
  test.slow();
  const citizen = await registerCitizen(request);
  await loginAs(page, citizen.username, citizen.password);
  // Time stands still while the notification is checked, so it cannot leave by its own timer.
  await page.clock.install();

  for (const size of widths) {
    await page.setViewportSize(size);
    await page.goto('/createCase');
    await page.getByRole('tab', { name: 'Create' }).click();
    const form = page.getByRole('tabpanel', { name: 'Create' });
    await form.getByLabel('Case type').selectOption({ label: 'Vehicle registration' });
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
    await form.getByRole('button', { name: 'Submit' }).click();

    const summary = summaryOf(form);
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('link')).toHaveText([
      caseMessages.plateInvalid,
      caseMessages.vinRequired,
      caseMessages.makeRequired,
      caseMessages.modelRequired,
      caseMessages.yearInvalid,
      caseMessages.registrationDateRequired,
      caseMessages.colorRequired,
    ]);
    // The spec's notification stays, beside the summary, and never over the heading.
    const fixErrors = page.getByRole('alert').filter({ hasText: caseMessages.fixErrors });
    await expect(fixErrors).toBeVisible();
    await expectHeadingUncovered(page, fixErrors);
    // axe needs the page's timers: time runs while it checks, then stands still again.
    await page.clock.resume();
    await expectNoAxeViolations(page);
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(summary).toBeFocused();
    await expect(fixErrors).toBeVisible();

    await summary.getByRole('link', { name: caseMessages.makeRequired }).click();
    await expect(form.getByLabel('Make')).toBeFocused();
    await form.getByLabel('Number plate').fill('KR 12345');
    await form.getByLabel('VIN').fill('TMBJJ7NE8K0123456');
    await form.getByLabel('Make').fill('Skoda');
    await form.getByLabel('Model').fill('Octavia');
    await form.getByLabel('Year of manufacture').fill('2019');
    await form.getByLabel('Registration date').fill('2024-05-02');
    await expect(summary.getByRole('link')).toHaveText([caseMessages.colorRequired]);
    await expect(fixErrors).toBeVisible();

    // The last error fixed: the summary and 'Please fix the errors in the form.' both go.
    await form.getByLabel('Color').fill('Blue');
    await expect(summary).toHaveCount(0);
    await expect(fixErrors).toHaveCount(0);
    await page.clock.resume();
  }
});

test('on a phone an opened conversation comes into view with its reply box', async ({ page, request }) => {
  const citizen = await registerCitizen(request);
  const subject = `Bench in the park ${uniqueTag()}`;
  await writeLetter(request, await apiSession(request, citizen), { subject });
  await loginAs(page, citizen.username, citizen.password);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/user');
  await page.getByRole('tab', { name: 'Your Conversations' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Your Conversations' });
  await panel.getByRole('button', { name: subject }).click();

  // Taller than the screen (the letter, the receipt, the messages): its end meets the bottom of the
  // screen as in a messaging app, with the messages focused and the reply box whole on screen.
  const log = panel.getByRole('log', { name: 'Messages' });
  await expect(log).toBeFocused();
  await expect(log).toBeInViewport({ ratio: 1 });
  await expect(panel.getByLabel('Your message')).toBeInViewport({ ratio: 1 });
  await expect(panel.getByRole('button', { name: 'Send' })).toBeInViewport({ ratio: 1 });
  await expectNoAxeViolations(page);
});
