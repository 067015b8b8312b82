import { replyTemplateMessages, replyTemplateMessagesPl, writeCalendarDate } from '@portal/contract';
import { expect, test, type Page } from '@playwright/test';
import { apiSession, openSecondBrowser, takeConversation, uniqueTag, useLanguage, writeLetter } from '../support/letters';
import { demoAccounts, expectFieldMessage, expectNoAxeViolations, loginAs, namesOf, registerCitizen } from '../support/portal';

// Issue 33 point 4: an admin keeps a department's reply template with placeholders (an unknown one
// refused, named under the field); the clerk handling a letter of that department finds it by name
// in the chat, inserts it filled from the letter's facts, edits it and sends; the citizen reads the
// name, the reference and the due date in their own words. Axe and screenshots at 1280 and 360 px.

const texts = {
  en: {
    templatesTab: 'Reply templates',
    form: 'New template',
    name: 'Name',
    language: 'Language',
    department: 'Department',
    text: 'Text',
    save: 'Save template',
    saved: 'The template was saved.',
    unknown: replyTemplateMessages.unknownPlaceholder.replace('{{name}}', '{caseNumber}'),
    template: 'Dear {firstName} {lastName}, regarding {reference} ({subject}), the department will answer by {dueDate}. Kind regards, {clerkName}',
    conversations: 'Your Conversations',
    picker: 'Reply templates',
    search: 'Search templates by name',
    list: 'Templates',
    insert: 'Insert into the message',
    inserted: 'The template is in the message box: edit it before you send.',
    message: 'Your message',
    send: 'Send',
    edit: ' The crew was booked today.',
    chat: (subject: string) => `Chat: ${subject}`,
    messages: 'Messages',
    filled: (who: string, reference: string, subject: string, due: string, clerk: string) =>
      `Dear ${who}, regarding ${reference} (${subject}), the department will answer by ${due}. Kind regards, ${clerk}`,
  },
  pl: {
    templatesTab: 'Szablony odpowiedzi',
    form: 'Nowy szablon',
    name: 'Nazwa',
    language: 'Język',
    department: 'Wydział',
    text: 'Treść',
    save: 'Zapisz szablon',
    saved: 'Szablon został zapisany.',
    unknown: replyTemplateMessagesPl.unknownPlaceholder.replace('{{name}}', '{caseNumber}'),
    template: 'Dzień dobry, {firstName} {lastName}. W sprawie pisma {reference} ({subject}) wydział udzieli odpowiedzi do dnia {dueDate}. Z poważaniem, {clerkName}',
    conversations: 'Twoje rozmowy',
    picker: 'Szablony odpowiedzi',
    search: 'Szukaj szablonu po nazwie',
    list: 'Szablony',
    insert: 'Wstaw do wiadomości',
    inserted: 'Szablon jest w polu wiadomości: popraw go przed wysłaniem.',
    message: 'Twoja wiadomość',
    send: 'Wyślij',
    edit: ' Ekipa została dziś zamówiona.',
    chat: (subject: string) => `Czat: ${subject}`,
    messages: 'Wiadomości',
    filled: (who: string, reference: string, subject: string, due: string, clerk: string) =>
      `Dzień dobry, ${who}. W sprawie pisma ${reference} (${subject}) wydział udzieli odpowiedzi do dnia ${due}. Z poważaniem, ${clerk}`,
  },
} as const;

/** Axe at both widths; with E2E_SHOTS set, a full-page screenshot of each into that folder (for a person to look at). */
async function auditAtBothWidths(page: Page, name: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    await expectNoAxeViolations(page);
    if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

for (const language of ['en', 'pl'] as const) {
  test(`an admin keeps a department's template, a clerk answers with it edited, the citizen reads it filled (${language})`, async ({ page, request, browser }) => {
    test.setTimeout(210_000);
    const t = texts[language];
    const citizen = await registerCitizen(request);
    const author = await apiSession(request, citizen);
    const clerkSession = await apiSession(request, demoAccounts.employee);
    const clerkNames = await namesOf(request, demoAccounts.employee);
    const tag = uniqueTag();
    const letter = await writeLetter(request, author, { subject: `Pothole on Kwiatowa ${tag}`, recipient: 'Public Works Department' });
    await takeConversation(request, clerkSession, letter.id);
    const templateName = `Answer date ${tag}`;

    // The admin: an unknown placeholder is refused and named under the text; then the template is saved.
    await useLanguage(page, language);
    await loginAs(page, demoAccounts.admin.username, demoAccounts.admin.password);
    await page.goto('/admin');
    await page.getByRole('tab', { name: t.templatesTab }).click();
    const form = page.getByRole('form', { name: t.form });
    await form.getByLabel(t.name, { exact: true }).fill(templateName);
    await form.getByLabel(t.language, { exact: true }).selectOption(language);
    await form.getByLabel(t.department, { exact: true }).selectOption('Public Works Department');
    await form.getByLabel(t.text, { exact: true }).fill(`${t.template} {caseNumber}`);
    await form.getByRole('button', { name: t.save }).click();
    await expectFieldMessage(form, t.text, t.unknown);
    await auditAtBothWidths(page, `template-refused-${language}`);

    await form.getByLabel(t.text, { exact: true }).fill(t.template);
    await form.getByRole('button', { name: t.save }).click();
    await expect(page.getByRole('status').filter({ hasText: t.saved })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: templateName })).toContainText(t.template);
    await auditAtBothWidths(page, `template-saved-${language}`);

    // The clerk: finds it by name in the letter's chat, inserts it filled, edits it and sends.
    const clerk = await openSecondBrowser(browser, demoAccounts.employee, { language });
    await clerk.goto('/employee');
    await clerk.getByRole('tab', { name: t.conversations }).click();
    const panel = clerk.getByRole('tabpanel', { name: t.conversations });
    await panel.getByRole('button', { name: new RegExp(letter.subject) }).click();
    const chat = panel.getByRole('region', { name: t.chat(letter.subject) });
    const picker = chat.getByRole('region', { name: t.picker });
    await picker.getByRole('searchbox', { name: t.search }).fill(tag);
    await expect(picker.getByRole('option')).toHaveText([`${templateName} (${language.toUpperCase()})`]);
    await picker.getByRole('button', { name: t.insert }).click();
    await expect(picker.getByRole('status')).toHaveText(t.inserted);
    const who = `${citizen.firstName} ${citizen.lastName}`;
    const filled = t.filled(who, `L-${letter.letterId}`, letter.subject, writeCalendarDate(letter.dueDate ?? '', language), `${clerkNames.firstName} ${clerkNames.lastName}`);
    const box = chat.getByLabel(t.message, { exact: true });
    await expect(box).toHaveValue(filled);
    await auditAtBothWidths(clerk, `template-inserted-${language}`);
    await box.press('End');
    await box.pressSequentially(t.edit);
    await chat.getByRole('button', { name: t.send }).click();
    await expect(chat.getByRole('log', { name: t.messages }).getByRole('listitem').filter({ hasText: filled + t.edit })).toBeVisible();
    await expect(box).toHaveValue('');
    await clerk.context().close();

    // The citizen reads the filled, edited answer.
    const reader = await openSecondBrowser(browser, citizen, { language });
    await reader.goto('/user');
    await reader.getByRole('tab', { name: t.conversations }).click();
    const citizenPanel = reader.getByRole('tabpanel', { name: t.conversations });
    await citizenPanel.getByRole('button', { name: new RegExp(letter.subject) }).click();
    const answer = citizenPanel.getByRole('log', { name: t.messages }).getByRole('listitem').filter({ hasText: filled + t.edit });
    await expect(answer).toBeVisible();
    await expect(answer).not.toContainText('{');
    await auditAtBothWidths(reader, `template-read-by-citizen-${language}`);
    await reader.context().close();
  });
}
