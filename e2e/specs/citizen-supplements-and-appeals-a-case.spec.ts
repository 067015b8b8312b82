import { expect, type Locator, test, type Page } from '@playwright/test';
import { demoAccounts, loginAs, registerCitizen, submitVehicleCase, chooseLanguage } from '../support/portal';
import { audit, expectOnMyMatters, expectTimeline, openFromMyMatters, type TimelineLine, type View, writtenDay } from '../support/my-matters';
import { makePdf } from '../support/pdfs';

/**
 * Issue 32 points 1, 2, 7 and 8: a clerk asks the citizen to supplement a case (its term pauses),
 * the citizen answers with a PDF, the clerk rejects the case, the citizen opens the decision (its
 * delivery) and appeals, and the clerk finds the case under Appeals and decides it. After each
 * step the citizen opens "My matters": the case's entry (status, the office's date or why there is
 * none, what happens next) in both languages, one at 1280 px and the other at 360 px, the pairs
 * alternating from step to step; then the entry opens the case, whose timeline lists every step
 * so far in order with its receipts. axe on every state visited.
 */
const ASK = 'Please upload the purchase contract signed by both parties.';
const ANSWER = 'The contract with both signatures is attached.';
const REASON = 'The VIN on the contract differs from the form.';
const APPEAL = 'The contract was signed by both parties; the scan is attached to the case.';

const EN_WIDE: View = { language: 'en', width: 1280 };
const PL_WIDE: View = { language: 'pl', width: 1280 };
const EN_PHONE: View = { language: 'en', width: 360 };
const PL_PHONE: View = { language: 'pl', width: 360 };

/** The case's timeline as it grows, each line in both languages. */
const LINE = {
  submitted: { en: /^Case submitted/, pl: /^Złożono wniosek/ },
  asked: { en: /^The office asked for the case to be supplemented; its term stands still/, pl: /^Urząd wezwał do uzupełnienia wniosku; bieg terminu wstrzymano/ },
  document: { en: /^Document added: contract\.pdf/, pl: /^Dodano dokument: contract\.pdf/ },
  answered: { en: /^The request to supplement was answered; the term runs again/, pl: /^Uzupełniono wniosek; termin biegnie dalej/ },
  rejected: { en: new RegExp(`^Status changed from pending to rejected.*Reason: ${REASON.replace('.', '\\.')}`), pl: new RegExp(`^Zmiana statusu: oczekuje → odrzucony.*Uzasadnienie: ${REASON.replace('.', '\\.')}`) },
  delivered: { en: /^The decision \(case rejected\) was delivered/, pl: /^Doręczono decyzję \(wniosek odrzucony\)/ },
  resolved: { en: /^Status changed from pending to resolved/, pl: /^Zmiana statusu: oczekuje → załatwiony/ },
  deliveredResolved: { en: /^The decision \(case resolved\) was delivered/, pl: /^Doręczono decyzję \(wniosek załatwiony\)/ },
} satisfies Record<string, TimelineLine>;
const appealed = (due: string): TimelineLine => ({
  en: new RegExp(`^Appeal lodged; the office decides again by ${writtenDay(due, 'en')}`),
  pl: new RegExp(`^Wniesiono odwołanie; urząd ponownie rozstrzygnie sprawę do ${writtenDay(due, 'pl')}`),
});

/** The clerk's search in the open list, and the case's details from it. */
async function openFromList(clerk: Page, listName: string, search: string, caseName: string): Promise<Locator> {
  await clerk.getByRole('searchbox', { name: 'Search cases' }).fill(search);
  const found = clerk.getByRole('list', { name: listName }).getByRole('listitem');
  await expect(found).toHaveCount(1);
  await found.getByRole('button', { name: 'See Details' }).click();
  return clerk.getByRole('article', { name: caseName });
}

test('a citizen follows a case on "My matters" through a request to supplement, a rejection, its delivery, an appeal and the decision on it, which the clerk makes under Appeals', async ({ page, request, browser }) => {
  // Six states of the case, each on "My matters" twice (two widths, two languages) and on its own screen.
  test.setTimeout(240_000);
  const citizen = await registerCitizen(request);
  const plate = `KR ${String(10_000 + Math.floor(Math.random() * 90_000))}`;
  const caseName = `Vehicle registration - ${plate}`;
  const caseId = await submitVehicleCase(request, await loginAs(page, citizen.username, citizen.password), plate);
  const followed = { caseId, names: { en: caseName, pl: `Rejestracja pojazdu - ${plate}` } };
  await page.goto('/user');

  // Submitted: the office's move, and the day it owes its answer.
  await expectOnMyMatters(page, followed, { name: 'submitted', next: 'caseWaitsForClerk', due: 'owed' }, [EN_WIDE, PL_PHONE]);
  let own = await openFromMyMatters(page, followed, 'pl');
  await expectTimeline(own, 'pl', [LINE.submitted], [0]);

  const { baseURL, locale } = test.info().project.use;
  const clerkContext = await browser.newContext({ baseURL, locale, viewport: { width: 1280, height: 800 } });
  const clerk = await clerkContext.newPage();
  await loginAs(clerk, demoAccounts.employee.username, demoAccounts.employee.password);
  await clerk.goto('/createCase');
  const lists = clerk.getByRole('tablist', { name: 'Case lists' });

  // The clerk asks; the case waits for the citizen.
  let details = await openFromList(clerk, 'Pending Case Resolutions', citizen.username, caseName);
  const ask = details.getByRole('form', { name: 'Ask the applicant to supplement' });
  await ask.getByLabel('What should the applicant supplement').fill(ASK);
  await ask.getByLabel('Documents needed (one per line, optional)').fill('Purchase contract');
  await ask.getByRole('button', { name: 'Send the request' }).click();
  await expect(details.getByText("The office waits for the applicant's answer; its term is paused.")).toBeVisible();
  await audit(clerk, 'clerk-asked-1280');
  await lists.getByRole('tab', { name: 'Waiting for the citizen' }).click();
  await clerk.getByRole('searchbox', { name: 'Search cases' }).fill(citizen.username);
  await expect(clerk.getByRole('list', { name: 'Cases waiting for the citizen' }).getByRole('listitem')).toHaveCount(1);

  // Asked: the citizen's move, found under "Waiting for me", with the term standing still.
  await expectOnMyMatters(page, followed, { name: 'asked', next: 'caseWaitsForYou', due: 'paused' }, [PL_WIDE, EN_PHONE]);
  await page.getByLabel('Whose move').selectOption({ label: 'Waiting for me' });
  await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(1);
  own = await openFromMyMatters(page, followed, 'en');
  await expectTimeline(own, 'en', [LINE.submitted, LINE.asked], [0]);

  // The citizen answers with a PDF on the case's screen, on the phone.
  await expect(own.getByText(ASK)).toBeVisible();
  const answerForm = own.getByRole('form', { name: 'Answer the request' });
  await answerForm.getByLabel('Drag and drop PDF files here or click to select files').setInputFiles({ name: 'contract.pdf', mimeType: 'application/pdf', buffer: await makePdf('Contract') });
  await answerForm.getByLabel('Your answer').fill(ANSWER);
  await audit(page, 'citizen-answer-360');
  await answerForm.getByRole('button', { name: 'Send the answer' }).click();
  // The server's word that it has the answer (the typed text is on screen before it is sent).
  await expect(page.getByRole('status').filter({ hasText: "Your answer was sent. The office's term runs again." })).toBeVisible();
  await expect(own.getByText(ANSWER)).toBeVisible();
  await expect(own.getByText('contract.pdf').first()).toBeVisible();

  // Answered: the office's move again, its date counted on.
  await expectOnMyMatters(page, followed, { name: 'answered', next: 'caseWaitsForClerk', due: 'owed' }, [EN_WIDE, PL_PHONE]);
  own = await openFromMyMatters(page, followed, 'pl');
  await expectTimeline(own, 'pl', [LINE.submitted, LINE.asked, LINE.document, LINE.answered], [0, 2, 3]);

  // The clerk rejects it.
  await clerk.reload();
  await lists.getByRole('tab', { name: 'Pending' }).click();
  details = await openFromList(clerk, 'Pending Case Resolutions', citizen.username, caseName);
  await expect(details.getByText(ANSWER)).toBeVisible();
  await details.getByLabel('Change status to').selectOption('REJECTED');
  await details.getByLabel('Message to the applicant').fill(REASON);
  await details.getByRole('button', { name: 'Update', exact: true }).first().click();
  await clerk.getByRole('dialog', { name: 'Reject this case?' }).getByRole('button', { name: 'Reject the case' }).click();
  await expect(details.getByText(/^Not delivered yet\./)).toBeVisible();

  // Rejected: closed, no date owed any more; opening it from the list is its delivery. The citizen appeals on the phone.
  await expectOnMyMatters(page, followed, { name: 'rejected', next: 'caseRejected', due: 'none' }, [PL_WIDE, EN_PHONE]);
  own = await openFromMyMatters(page, followed, 'en');
  await expect(own.getByText(/^Delivered on .*, when you first opened it\.$/)).toBeVisible();
  await expect(own.getByText(/^You may appeal this decision until /)).toBeVisible();
  await expectTimeline(own, 'en', [LINE.submitted, LINE.asked, LINE.document, LINE.answered, LINE.rejected, LINE.delivered], [0, 2, 3, 4, 5]);
  const appealForm = own.getByRole('form', { name: 'Appeal this decision' });
  await appealForm.getByLabel('Why you appeal').fill(APPEAL);
  await audit(page, 'citizen-decision-360');
  await appealForm.getByRole('button', { name: 'Lodge the appeal' }).click();
  await expect(own.getByText(/^Appealed on /)).toBeVisible();

  // On appeal: the office's move, with the appeal's new term.
  const { dueDate: appealDue } = await expectOnMyMatters(page, followed, { name: 'appealed', next: 'caseOnAppeal', due: 'owed' }, [EN_WIDE, PL_PHONE]);
  own = await openFromMyMatters(page, followed, 'pl');
  const appealLines = [LINE.submitted, LINE.asked, LINE.document, LINE.answered, LINE.rejected, LINE.delivered, appealed(appealDue ?? '')];
  await expectTimeline(own, 'pl', appealLines, [0, 2, 3, 4, 5, 6]);

  // The clerk finds it under Appeals, sees the delivery, and decides.
  await clerk.reload();
  await lists.getByRole('tab', { name: 'Appeals' }).click();
  details = await openFromList(clerk, 'Cases on appeal', citizen.username, caseName);
  await expect(details.getByText(/^Delivered on .*, when the applicant first opened it\.$/)).toBeVisible();
  await expect(details.getByText('Appeal', { exact: true })).toBeVisible();
  await audit(clerk, 'clerk-appeals-1280');
  await details.getByLabel('Change status to').selectOption('RESOLVED');
  await details.getByRole('button', { name: 'Update', exact: true }).first().click();
  await clerk.getByRole('dialog', { name: 'Mark this case as resolved?' }).getByRole('button', { name: 'Mark as resolved' }).click();
  await expect(clerk.getByText(`The status of ${caseName} is now Resolved.`)).toBeVisible();

  // The clerk's lists in Polish at 360 px.
  await clerk.setViewportSize({ width: 360, height: 740 });
  await chooseLanguage(clerk, 'Polski');
  await expect(clerk.getByRole('tablist', { name: 'Listy spraw' }).getByRole('tab', { name: 'Odwołania' })).toBeVisible();
  await audit(clerk, 'clerk-pl-360');
  await clerkContext.close();

  // Decided on appeal: closed; the whole timeline and the decision, in Polish at 1280 px.
  await expectOnMyMatters(page, followed, { name: 'decided', next: 'caseResolved', due: 'none' }, [EN_PHONE, PL_WIDE]);
  own = await openFromMyMatters(page, followed, 'pl');
  // Opening the decision made on the appeal is its delivery too.
  await expectTimeline(own, 'pl', [...appealLines, LINE.resolved, LINE.deliveredResolved], [0, 2, 3, 4, 5, 6, 7, 8]);
  await expect(own.getByText('Tę decyzję wydano po rozpatrzeniu odwołania.')).toBeVisible();
  await expect(own.getByText(/^Doręczona .*, gdy została otwarta po raz pierwszy\.$/)).toBeVisible();
  await audit(page, 'citizen-decided-pl-1280');
});
