import { authMessages as m, usernameMessages } from '@portal/contract';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectFieldMessage, openAuthForms } from '../support/portal';

const registerLabels = ['Username', 'Email', 'Password', 'First name', 'Last name', 'Phone number', 'Date of birth'] as const;
type RegisterLabel = (typeof registerLabels)[number];

async function openRegister(page: Page): Promise<Locator> {
  await openAuthForms(page);
  await page.getByRole('tab', { name: 'Register' }).click();
  return page.getByRole('tabpanel', { name: 'Register' });
}

/** Tomorrow in the browser's own calendar, which is what the form compares with. */
function tomorrow(page: Page): Promise<string> {
  return page.evaluate(() => {
    const date = new Date();
    date.setDate(date.getDate() + 1);
    return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  });
}

// Each form is opened once and goes through its table of values (a step per value): every message
// was its own test with its own page load, which cost more than the checks themselves. A value's
// message is asserted right after that value is submitted, so earlier values cannot satisfy it.

test('the Login form tells the visitor what to fix, under each field, and forgets a fixed message', async ({ page }) => {
  const panel = await openAuthForms(page);

  await test.step('an empty login shows both required messages', async () => {
    await panel.getByRole('button', { name: 'Log in' }).click();
    await expectFieldMessage(panel, 'Username', m.usernameRequired);
    await expectFieldMessage(panel, 'Password', m.passwordRequired);
  });

  await test.step('a message goes away once the field is fixed', async () => {
    await panel.getByLabel('Username', { exact: true }).fill('anowak');
    await expect(panel.getByText(m.usernameRequired)).toHaveCount(0);
    await expect(panel.getByLabel('Username', { exact: true })).not.toHaveAttribute('aria-invalid', 'true');
  });

  const cases: [string, 'Username' | 'Password', string, string][] = [
    ['a 21-character username', 'Username', 'a'.repeat(21), m.usernameTooLong],
    ['a 7-character password', 'Password', 'abc1234', m.passwordTooShort],
    ['a letters-only password', 'Password', 'abcdefghij', m.passwordLettersAndDigits],
    ['a digits-only password', 'Password', '1234567890', m.passwordLettersAndDigits],
    ['a 51-character password', 'Password', `a1${'b'.repeat(49)}`, m.passwordTooLong],
  ];
  for (const [what, label, value, message] of cases) {
    await test.step(`${what} gives '${message}'`, async () => {
      await panel.getByLabel(label, { exact: true }).fill(value);
      await panel.getByRole('button', { name: 'Log in' }).click();
      await expectFieldMessage(panel, label, message);
    });
  }
});

test('the Register form tells the visitor what to fix, under each field, and sends nothing invalid', async ({ page }) => {
  const panel = await openRegister(page);

  await test.step('an empty registration shows every required message under its field, and is not sent', async () => {
    const requests: string[] = [];
    const record = (request: { url(): string }) => requests.push(request.url());
    page.on('request', record);
    await panel.getByRole('button', { name: 'Create account' }).click();
    const required: Record<RegisterLabel, string> = {
      Username: m.usernameRequired,
      Email: m.emailRequired,
      Password: m.passwordRequired,
      'First name': m.firstNameRequired,
      'Last name': m.lastNameRequired,
      'Phone number': m.phoneRequired,
      'Date of birth': m.dateOfBirthRequired,
    };
    for (const label of registerLabels) await expectFieldMessage(panel, label, required[label]);
    page.off('request', record);
    expect(requests, 'an invalid form is not sent').toEqual([]);
  });

  await test.step('valid values show no message', async () => {
    await panel.getByLabel('Username', { exact: true }).fill('u'.repeat(20));
    await panel.getByLabel('Password', { exact: true }).fill(`a1${'b'.repeat(48)}`);
    await panel.getByLabel('Phone number', { exact: true }).fill('501234567');
    await panel.getByLabel('First name', { exact: true }).fill('F'.repeat(30));
    for (const text of [m.usernameRequired, m.usernameTooLong, m.passwordRequired, m.passwordTooLong, m.phoneRequired, m.phoneInvalid, m.firstNameRequired, m.firstNameTooLong]) {
      await expect(panel.getByText(text, { exact: true })).toHaveCount(0);
    }
    await expectFieldMessage(panel, 'Email', m.emailRequired);
  });

  const cases: [string, RegisterLabel, string, string][] = [
    ['a 21-character username', 'Username', 'u'.repeat(21), m.usernameTooLong],
    ['a username ending in a space', 'Username', 'anowak ', usernameMessages.surroundingSpace],
    ['a username with a zero-width space', 'Username', 'anowak\u200b', usernameMessages.invisible],
    ['an address without @', 'Email', 'anna.example.org', m.emailInvalid],
    ['an address without a domain dot', 'Email', 'anna@example', m.emailInvalid],
    ['a 7-character password', 'Password', 'abc1234', m.passwordTooShort],
    ['a letters-only password', 'Password', 'abcdefghij', m.passwordLettersAndDigits],
    ['a digits-only password', 'Password', '1234567890', m.passwordLettersAndDigits],
    ['a 51-character password', 'Password', `a1${'b'.repeat(49)}`, m.passwordTooLong],
    ['a 31-character first name', 'First name', 'F'.repeat(31), m.firstNameTooLong],
    ['a 31-character last name', 'Last name', 'L'.repeat(31), m.lastNameTooLong],
    ['an 8-digit phone number', 'Phone number', '12345678', m.phoneInvalid],
    ['a 10-digit phone number', 'Phone number', '1234567890', m.phoneInvalid],
    ['a phone number with letters', 'Phone number', '12345678a', m.phoneInvalid],
  ];
  for (const [what, label, value, message] of cases) {
    await test.step(`${what} gives '${message}'`, async () => {
      await panel.getByLabel(label, { exact: true }).fill(value);
      await panel.getByRole('button', { name: 'Create account' }).click();
      await expectFieldMessage(panel, label, message);
    });
  }

  await test.step(`tomorrow's date of birth gives '${m.dateOfBirthFuture}', today's is accepted`, async () => {
    const dateOfBirth = panel.getByLabel('Date of birth', { exact: true });
    await dateOfBirth.fill(await tomorrow(page));
    await panel.getByRole('button', { name: 'Create account' }).click();
    await expectFieldMessage(panel, 'Date of birth', m.dateOfBirthFuture);

    const today = await page.evaluate(() => {
      const d = new Date();
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
    await dateOfBirth.fill(today);
    await expect(panel.getByText(m.dateOfBirthFuture)).toHaveCount(0);
  });
});
