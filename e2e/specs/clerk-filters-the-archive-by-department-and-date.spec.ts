import { deskMessages, deskMessagesPl } from '@portal/contract';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiSession, takeConversation, uniqueTag, useLanguage, writeLetter, type ApiSession } from '../support/letters';
import { demoAccounts, expectFieldMessage, expectNoAxeViolations, loginAs, registerCitizen } from '../support/portal';

// Issue 33 point 2: the Employee Dashboard's archive, searched and filtered by the letter's
// department and the days of resolution; a reversed range said under its field in the API's words,
// a clear "nothing found", one button back to everything. Axe and screenshots at 1280 and 360 px.

const texts = {
  en: {
    archived: 'Archived Conversations',
    search: 'Search the archive',
    department: 'Department',
    from: 'Resolved from',
    to: 'Resolved to',
    found: 'Conversations found: 1',
    nothing: (q: string) => `No archived conversation matches \u201c${q}\u201d and the chosen filters.`,
    reversed: deskMessages.rangeReversed,
    clear: 'Clear the search and filters',
  },
  pl: {
    archived: 'Archiwum rozmów',
    search: 'Szukaj w archiwum',
    department: 'Wydział',
    from: 'Data zakończenia od',
    to: 'Data zakończenia do',
    found: 'Znalezione rozmowy: 1',
    nothing: (q: string) => `Żadna rozmowa z archiwum nie pasuje do „${q}” i nie spełnia wybranych warunków.`,
    reversed: deskMessagesPl.rangeReversed,
    clear: 'Wyczyść wyszukiwanie i filtry',
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

/** A day in Warsaw (the office's days of resolution), `offset` days from today. */
function warsawDay(offset = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(new Date());
  const day = new Date(`${today}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + offset);
  return day.toISOString().slice(0, 10);
}

async function resolve(request: APIRequestContext, clerk: ApiSession, conversationId: number) {
  const response = await request.put(`/api/conversations/${conversationId}/status`, { headers: clerk.headers, data: { status: 'RESOLVED' } });
  expect(response.status(), await response.text()).toBe(200);
}

for (const language of ['en', 'pl'] as const) {
  test(`a clerk narrows the archive to a department and the days of resolution, and clears it (${language})`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const t = texts[language];
    const author = await apiSession(request, await registerCitizen(request));
    const clerk = await apiSession(request, demoAccounts.employee);
    const tag = uniqueTag();
    const parks = await writeLetter(request, author, { subject: `Fallen tree ${tag}`, recipient: 'Parks and Recreation Department' });
    const works = await writeLetter(request, author, { subject: `Broken kerb ${tag}`, recipient: 'Public Works Department' });
    for (const letter of [parks, works]) {
      await takeConversation(request, clerk, letter.id);
      await resolve(request, clerk, letter.id);
    }

    await useLanguage(page, language);
    await loginAs(page, demoAccounts.employee.username, demoAccounts.employee.password);
    await page.goto('/employee');
    await page.getByRole('tab', { name: t.archived }).click();
    const archive = page.getByRole('tabpanel', { name: t.archived });
    const cards = archive.getByRole('listitem');
    const search = archive.getByRole('searchbox', { name: t.search });
    await search.fill(tag);
    await expect(cards).toHaveCount(2);
    await auditAtBothWidths(page, `archive-searched-${language}`);

    // The department, then the days: each call carries the API's parameters.
    const asked = page.waitForRequest((sent) => new URL(sent.url()).searchParams.get('department') === 'Parks and Recreation Department');
    await archive.getByLabel(t.department, { exact: true }).selectOption('Parks and Recreation Department');
    expect(new URL((await asked).url()).searchParams.get('q')).toBe(tag);
    await expect(cards).toHaveCount(1);
    await expect(cards).toContainText(parks.subject);
    await archive.getByLabel(t.from, { exact: true }).fill(warsawDay());
    await archive.getByLabel(t.to, { exact: true }).fill(warsawDay());
    await expect(archive.getByRole('status')).toHaveText(t.found);
    await expect(cards).toHaveCount(1);
    await auditAtBothWidths(page, `archive-filtered-${language}`);

    // From tomorrow to today: the range is said wrong under "Resolved to"; from tomorrow on, nothing.
    await archive.getByLabel(t.from, { exact: true }).fill(warsawDay(1));
    await expectFieldMessage(archive, t.to, t.reversed);
    await expect(archive.getByText(t.nothing(tag), { exact: true })).toBeVisible();
    await expect(cards).toHaveCount(0);
    await auditAtBothWidths(page, `archive-reversed-${language}`);

    // From the keyboard: the one button back to the whole archive, and the reader back at the search.
    await archive.getByRole('button', { name: t.clear }).focus();
    await page.keyboard.press('Enter');
    await expect(search).toBeFocused();
    await expect(search).toHaveValue('');
    await search.fill(tag);
    await expect(cards).toHaveCount(2);
  });
}
