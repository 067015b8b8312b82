import type { ConversationResponse, PublicPerformanceResponse } from '@portal/contract';
import { type APIRequestContext, expect, test, type Page } from '@playwright/test';
import { type ApiSession, apiSession, sendMessage, takeConversation, uniqueTag, useLanguage } from '../support/letters';
import { demoAccounts, expectNoAxeViolations, loginAs } from '../support/portal';

// Issue 33 points 8 and 9: an admin reads the Performance tab (a department's open and overdue
// counts, the 12 weeks as a chart and a table, the CSV) and anyone reads the public page of the
// last 12 months with its open data; in English at 1280 px, then in Polish at 360 px.

/**
 * The run's first letter also starts the receipt thread; on a loaded machine its receipt may miss
 * the deadline, answered 503 with Retry-After: the letter is then sent again, as a client would.
 */
async function sendLetterToParks(request: APIRequestContext, citizen: ApiSession): Promise<ConversationResponse> {
  for (let attempt = 1; ; attempt += 1) {
    const response = await request.post('/api/letters', {
      headers: citizen.headers,
      data: { userID: citizen.userId, subject: `Bench by the pond ${uniqueTag()}`, content: 'The bench is broken.', recipient: 'Parks and Recreation Department', sentAt: new Date().toISOString() },
    });
    if (response.status() !== 503 || attempt === 3) {
      expect(response.status(), await response.text()).toBe(201);
      return (await response.json()) as ConversationResponse;
    }
  }
}

const shot = async (page: Page, name: string) => {
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/${name}.png`, fullPage: true });
};

test('an admin reads the Performance tab and anyone the public performance page, in English and in Polish', async ({ page, request }) => {
  // Two languages, two widths and four axe audits in one story.
  test.setTimeout(120_000);
  // A letter to Parks this week, answered by a clerk: this week's row counts it.
  const citizen = await apiSession(request, demoAccounts.citizen);
  const clerk = await apiSession(request, demoAccounts.employee);
  const sent = await sendLetterToParks(request, citizen);
  await takeConversation(request, clerk, sent.id);
  await sendMessage(request, clerk, sent.id, 'We will repair it next week.');

  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, demoAccounts.admin.username, demoAccounts.admin.password);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Performance' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Performance' });
  await expect(panel.getByRole('heading', { level: 2, name: 'Performance per department' })).toBeVisible();
  await panel.getByRole('combobox', { name: 'Department' }).selectOption({ label: 'Parks and Recreation Department' });
  const table = panel.getByRole('table', { name: 'Parks and Recreation Department, per week' });
  await expect(table.getByRole('row')).toHaveCount(13);
  // This week's row (the last): at least the letter written above arrived and got its first reply.
  const thisWeek = table.getByRole('row').last();
  await expect(thisWeek.getByRole('cell').first()).not.toHaveText('0');
  await expect(thisWeek.getByRole('cell').nth(2)).not.toHaveText('—');
  await expect(panel.getByText('No ratings yet')).toBeVisible();
  await expect(panel.getByRole('img', { name: /Chart of letters or cases received and resolved per week in Parks and Recreation Department/ })).toBeVisible();
  const downloaded = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Download CSV' }).click();
  expect((await downloaded).suggestedFilename()).toMatch(/^performance-\d{4}-\d{2}-\d{2}\.csv$/);
  await expectNoAxeViolations(page);
  await shot(page, 'performance-tab-1280');

  // The public page, from the home page's link; its figures are the open data's.
  await page.goto('/');
  await page.getByRole('link', { name: 'See the figures per department' }).click();
  await expect(page).toHaveURL(/\/performance$/);
  await expect(page.getByRole('heading', { level: 1, name: 'How the office answers' })).toBeVisible();
  const open = (await (await request.get('/api/public/performance')).json()) as PublicPerformanceResponse;
  const publicTable = page.getByRole('table', { name: 'Received and resolved in the last 12 months, per department' });
  const parks = publicTable.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Parks and Recreation Department' }) });
  const parksFigures = open.units.find((unit) => unit.unit === 'Parks and Recreation Department');
  await expect(parks.getByRole('cell').first()).toHaveText(parksFigures?.received === null || parksFigures === undefined ? 'Not enough data' : /^\d[\d,]*$/);
  await expect(page.getByRole('link', { name: 'Download as CSV' })).toHaveAttribute('href', '/api/public/performance.csv');
  await expectNoAxeViolations(page);
  await shot(page, 'performance-public-1280');

  // In Polish on a phone.
  await useLanguage(page, 'pl');
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Wyniki' }).click();
  const panelPl = page.getByRole('tabpanel', { name: 'Wyniki' });
  await expect(panelPl.getByRole('heading', { level: 2, name: 'Wyniki wydziałów' })).toBeVisible();
  await expect(panelPl.getByRole('table', { name: 'Administracja miasta, według tygodni' }).getByRole('row')).toHaveCount(13);
  await expect(panelPl.getByText('Brak ocen')).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, 'performance-tab-360-pl');

  await page.goto('/performance');
  await expect(page.getByRole('heading', { level: 1, name: 'Jak urząd odpowiada' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Wpłynęło i załatwiono w ostatnich 12 miesiącach, według wydziałów' })).toBeVisible();
  await expect(page.getByText(/od \d{1,2} \p{L}+ \d{4} do \d{1,2} \p{L}+ \d{4}/u)).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, 'performance-public-360-pl');
});
