import { letterMessages, SUBJECT_PREVIEW_LENGTH } from '@portal/contract';
import { expect, test, type Page, type Response } from '@playwright/test';
import { uniqueTag, useLanguage } from '../support/letters';
import { expectNoAxeViolations, loginAs, registerCitizen } from '../support/portal';

// Issue 9, points 1 and 2: a citizen's letters can be told apart in the list, and sending one
// leaves a proof of sending with its reference and a way to its conversation.

const texts = {
  en: {
    create: 'Create a Letter',
    conversations: 'Your Conversations',
    subject: 'Subject',
    body: 'Body',
    department: 'Department',
    submit: 'Submit',
    created: letterMessages.created,
    proof: 'Proof of sending',
    reference: 'Reference (letter ID)',
    sent: 'Sent',
    open: 'Open the conversation about this letter',
    chat: (subject: string) => `Chat: ${subject}`,
    status: 'Open',
    letterId: 'Letter ID',
    departments: { public: 'Public Works Department', parks: 'Parks and Recreation Department' },
    dateTime: /^\d{1,2} \w+ \d{4} at \d{2}:\d{2}$/,
  },
  pl: {
    create: 'Napisz pismo',
    conversations: 'Twoje rozmowy',
    subject: 'Temat',
    body: 'Treść',
    department: 'Wydział',
    submit: 'Wyślij',
    created: 'Pismo zostało wysłane!',
    proof: 'Potwierdzenie wysłania',
    reference: 'Numer pisma',
    sent: 'Wysłano',
    open: 'Otwórz rozmowę w sprawie tego pisma',
    chat: (subject: string) => `Czat: ${subject}`,
    status: 'Oczekuje na przyjęcie',
    letterId: 'Numer pisma',
    departments: { public: 'Wydział Robót Publicznych', parks: 'Wydział Parków i Rekreacji' },
    dateTime: /^\d{1,2} \p{L}+ \d{4} \d{2}:\d{2}$/u,
  },
} as const;

async function send(page: Page, t: (typeof texts)['en' | 'pl'], subject: string, department: 'Public Works Department' | 'Parks and Recreation Department') {
  const form = page.getByRole('tabpanel', { name: t.create });
  await form.getByLabel(t.subject, { exact: true }).fill(subject);
  await form.getByLabel(t.body, { exact: true }).fill(`Details of ${subject}.`);
  await form.getByLabel(t.department, { exact: true }).selectOption(department);
  const answer = page.waitForResponse((response: Response) => new URL(response.url()).pathname === '/api/letters' && response.request().method() === 'POST');
  await form.getByRole('button', { name: t.submit }).click();
  const created = (await (await answer).json()) as { id: number; letterId: number; createdAt: string };
  await expect(page.getByRole('status').filter({ hasText: t.created })).toBeVisible();
  // The spec's cleared form stays.
  await expect(form.getByLabel(t.subject, { exact: true })).toHaveValue('');
  return created;
}

for (const language of ['en', 'pl'] as const) {
  test(`two letters starting alike can be told apart, and each leaves a proof of sending (${language})`, async ({ page, request }) => {
    test.setTimeout(60_000);
    const t = texts[language];
    const citizen = await registerCitizen(request);
    await useLanguage(page, language);
    await loginAs(page, citizen.username, citizen.password);
    await page.goto('/user');
    const tag = uniqueTag();
    const first = `Pothole on Lipowa ${tag}`;
    const second = `Pothole on Polna ${tag}`;
    expect(first.slice(0, SUBJECT_PREVIEW_LENGTH)).toBe(second.slice(0, SUBJECT_PREVIEW_LENGTH));

    // The first letter: the proof of sending names it.
    const one = await send(page, t, first, 'Public Works Department');
    const proof = page.getByRole('region', { name: t.proof });
    await expect(proof).toBeVisible();
    const fact = (label: string) => proof.getByRole('term').filter({ hasText: label }).locator('xpath=following-sibling::dd[1]');
    await expect(fact(t.reference)).toHaveText(`L-${one.letterId}`);
    await expect(fact(t.subject)).toHaveText(first);
    await expect(fact(t.department)).toHaveText(t.departments.public);
    await expect(fact(t.sent)).toHaveText(t.dateTime);
    expect(await fact(t.sent).locator('time').getAttribute('datetime')).toBe(one.createdAt);
    await expectNoAxeViolations(page);

    // It stays while the citizen looks elsewhere, until the next letter replaces it.
    await page.getByRole('tab', { name: t.conversations }).click();
    await page.getByRole('tab', { name: t.create }).click();
    await expect(fact(t.reference)).toHaveText(`L-${one.letterId}`);
    const two = await send(page, t, second, 'Parks and Recreation Department');
    await expect(fact(t.reference)).toHaveText(`L-${two.letterId}`);
    await expect(fact(t.department)).toHaveText(t.departments.parks);
    await expect(page.getByRole('region', { name: t.proof })).toHaveCount(1);

    // Its link opens the letter's conversation, with the reader in the chat.
    await proof.getByRole('link', { name: t.open }).click();
    const panel = page.getByRole('tabpanel', { name: t.conversations });
    const chatHeading = panel.getByRole('heading', { name: t.chat(second) });
    await expect(chatHeading).toBeFocused();
    await expect(panel.getByRole('button', { name: second, exact: true })).toHaveAttribute('aria-current', 'true');
    await expectNoAxeViolations(page);

    // Both entries read "Pothol..." yet differ: full subject as the name, the rest as the description.
    const preview = `${first.slice(0, SUBJECT_PREVIEW_LENGTH)}...`;
    await expect(panel.getByText(preview, { exact: true })).toHaveCount(2);
    for (const [subject, letter, department] of [
      [first, one, t.departments.public],
      [second, two, t.departments.parks],
    ] as const) {
      const entry = panel.getByRole('button', { name: subject, exact: true });
      await expect(entry).toHaveAccessibleName(subject);
      await expect(entry).toHaveAccessibleDescription(new RegExp(`^${t.status}\\s*${t.sent} .+ · ${department} · ${t.letterId} L-${letter.letterId}$`));
      await expect(entry).toContainText(preview);
    }
    await expectNoAxeViolations(page);
  });
}
