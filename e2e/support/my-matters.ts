import { type CaseDetailsResponse, type MatterNextStep, matterNextSteps, matterNextStepsPl } from '@portal/contract';
import { expect, type Locator, type Page } from '@playwright/test';
import { chooseLanguage, expectNoAxeViolations } from './portal';

// Following one case on "My matters" (issue 32 points 1 and 2): its entry as a person reads it, at
// a width and in a language, and its timeline on the case's screen, in order.

export type Language = 'en' | 'pl';
export interface View {
  language: Language;
  width: 1280 | 360;
}

/** axe on the page as it is, and a full-page screenshot when E2E_SHOTS names a folder. */
export async function audit(page: Page, name: string): Promise<void> {
  await expectNoAxeViolations(page);
  if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/${name}.png`, fullPage: true });
}

/** Switches the header's language only when the page is not in it already. */
export async function inLanguage(page: Page, language: Language): Promise<void> {
  if ((await page.locator('html').getAttribute('lang')) !== language) await chooseLanguage(page, language === 'pl' ? 'Polski' : 'English');
}

export async function atView(page: Page, { language, width }: View): Promise<void> {
  await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
  await inLanguage(page, language);
}

const MONTHS = {
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  // An office writes the day with the month in the genitive.
  pl: ['stycznia', 'lutego', 'marca', 'kwietnia', 'maja', 'czerwca', 'lipca', 'sierpnia', 'września', 'października', 'listopada', 'grudnia'],
} as const;

/** "2027-01-04" as a reader reads it: "4 January 2027" / "4 stycznia 2027". */
export function writtenDay(date: string, language: Language): string {
  const [year, month, day] = date.split('-').map(Number);
  return `${day} ${MONTHS[language][(month ?? 1) - 1]} ${year}`;
}

const WORDS = {
  en: { title: 'My matters', terms: ['Status', 'Last activity', 'Office answers by', 'What happens next'], paused: 'The term is paused until you answer' },
  pl: { title: 'Moje sprawy', terms: ['Status', 'Ostatnia zmiana', 'Urząd odpowie do', 'Co dalej'], paused: 'Termin wstrzymany do czasu Twojej odpowiedzi' },
} as const;
const STATUSES = {
  en: { PENDING: 'Pending', IN_PROGRESS: 'In progress', RESOLVED: 'Resolved', REJECTED: 'Rejected' },
  pl: { PENDING: 'Oczekuje', IN_PROGRESS: 'W toku', RESOLVED: 'Załatwiono', REJECTED: 'Odrzucono' },
} as const;

/** One state of the case as its entry should say it. */
export interface MatterState {
  /** Names the screenshots. */
  name: string;
  next: MatterNextStep;
  /** The office's date: the one the case's own screen has ('owed'), standing still ('paused'), or none once decided. */
  due: 'owed' | 'paused' | 'none';
}

/** The case this story follows. */
export interface FollowedCase {
  caseId: number;
  /** The case's name in each language ("Vehicle registration - KR 12345"). */
  names: Record<Language, string>;
}

/** The date the case's own screen gives (the server's KPA count). */
async function dueOnTheCaseScreen(page: Page, caseId: number): Promise<{ status: keyof (typeof STATUSES)['en']; dueDate: string | null }> {
  const answer = await page.request.get(`/api/case-resolution/details/${caseId}`);
  expect(answer.status()).toBe(200);
  const { status, dueDate } = ((await answer.json()) as CaseDetailsResponse).caseResolutionDTO;
  return { status, dueDate };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function entryOf(page: Page, reference: string): Locator {
  return page.getByRole('main').getByRole('listitem').filter({ has: page.getByRole('link', { name: new RegExp(`^${reference}(?!\\d)`) }) });
}

/**
 * Opens "My matters" and reads the case's entry in each view (a width and a language): its
 * reference and name, its status, the office's date or why there is none, and what happens next;
 * axe and a screenshot in each, and nothing wider than a phone at 360 px. Answers the date the
 * case's screen gives.
 */
export async function expectOnMyMatters(page: Page, followed: FollowedCase, state: MatterState, views: readonly View[]): Promise<{ dueDate: string | null }> {
  const reference = `C-${followed.caseId}`;
  const { status, dueDate } = await dueOnTheCaseScreen(page, followed.caseId);
  if (state.due === 'owed') expect(dueDate, 'the case screen owes a date').not.toBeNull();
  // From the header's link beside the navigation, as a person does (and no reload of the whole app).
  await page.getByRole('link', { name: /^(My matters|Moje sprawy)$/ }).click();
  for (const view of views) {
    await atView(page, view);
    const words = WORDS[view.language];
    await expect(page.getByRole('heading', { level: 1, name: words.title })).toBeVisible();
    const entry = entryOf(page, reference);
    await expect(entry.getByRole('link')).toHaveText(new RegExp(`^${reference}.*${escape(followed.names[view.language])}$`));
    const due = state.due === 'owed' ? writtenDay(dueDate ?? '', view.language) : state.due === 'paused' ? words.paused : null;
    await expect(entry.getByRole('term')).toHaveText(due === null ? [words.terms[0], words.terms[1], words.terms[3]] : [...words.terms]);
    const next = (view.language === 'pl' ? matterNextStepsPl : matterNextSteps)[state.next];
    await expect(entry.getByRole('definition')).toHaveText(due === null ? [STATUSES[view.language][status], /\d{4}/, next] : [STATUSES[view.language][status], /\d{4}/, due, next]);
    if (view.width === 360) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await audit(page, `matters-${state.name}-${view.language}-${view.width}`);
  }
  return { dueDate };
}

/** A line of the timeline in each language (a regular expression of the entry's text). */
export type TimelineLine = Record<Language, RegExp>;

/** Opens the case from its entry on "My matters" (as a person does) and returns its details. */
export async function openFromMyMatters(page: Page, followed: FollowedCase, language: Language): Promise<Locator> {
  await entryOf(page, `C-${followed.caseId}`).getByRole('link').click();
  const details = page.getByRole('article', { name: followed.names[language] });
  await expect(details).toBeVisible();
  return details;
}

/**
 * The case's timeline in order, each entry as its text reads, and the receipts it offers (their
 * button names, in order): `receipts` lists the indexes of `lines` that have one.
 */
export async function expectTimeline(details: Locator, language: Language, lines: readonly TimelineLine[], receipts: readonly number[]): Promise<void> {
  const timeline = details.getByRole('list', { name: language === 'pl' ? 'Przebieg sprawy' : 'Timeline' });
  await expect(timeline.getByRole('listitem')).toHaveText(lines.map((line) => line[language]));
  const prefix = language === 'pl' ? 'Potwierdzenie (PDF): ' : 'Receipt (PDF): ';
  for (const index of lines.keys()) {
    await expect(timeline.getByRole('listitem').nth(index).getByRole('button', { name: prefix })).toHaveCount(receipts.includes(index) ? 1 : 0);
  }
}
