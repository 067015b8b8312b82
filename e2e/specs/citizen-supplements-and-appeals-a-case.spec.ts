import { expect, type Locator, test, type Page } from '@playwright/test';
import { chooseLanguage, demoAccounts, expectNoAxeViolations, loginAs, registerCitizen, submitVehicleCase } from '../support/portal';
import { makePdf } from '../support/pdfs';

/**
 * Issue 32 points 7 and 8: a clerk asks the citizen to supplement a case (its term pauses), the
 * citizen answers with a PDF, the clerk rejects the case, the citizen opens the decision (its
 * delivery) and appeals, and the clerk finds the case under Appeals and decides it. English at
 * 1280 px, then Polish at 360 px; axe on each state visited.
 */
const ASK = 'Please upload the purchase contract signed by both parties.';
const ANSWER = 'The contract with both signatures is attached.';
const APPEAL = 'The contract was signed by both parties; the scan is attached to the case.';

async function audit(page: Page, name: string) {
  await expectNoAxeViolations(page);
  if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/${name}.png`, fullPage: true });
}

/** The clerk's search in the open list, and the case's details from it. */
async function openFromList(clerk: Page, listName: string, search: string, caseName: string): Promise<Locator> {
  await clerk.getByRole('searchbox', { name: 'Search cases' }).fill(search);
  const found = clerk.getByRole('list', { name: listName }).getByRole('listitem');
  await expect(found).toHaveCount(1);
  await found.getByRole('button', { name: 'See Details' }).click();
  return clerk.getByRole('article', { name: caseName });
}

test('a clerk asks to supplement, the citizen answers with a PDF; after a rejection the citizen appeals and the clerk decides it under Appeals', async ({ page, request, browser }) => {
  test.setTimeout(180_000);
  const citizen = await registerCitizen(request);
  const plate = `KR ${String(10_000 + Math.floor(Math.random() * 90_000))}`;
  const caseName = `Vehicle registration - ${plate}`;
  const caseId = await submitVehicleCase(request, await loginAs(page, citizen.username, citizen.password), plate);

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

  // The citizen answers with a PDF on the case's screen.
  await page.goto(`/createCase?case=${caseId}`);
  let own = page.getByRole('article', { name: caseName });
  await expect(own.getByText(ASK)).toBeVisible();
  const answerForm = own.getByRole('form', { name: 'Answer the request' });
  await answerForm.getByLabel('Drag and drop PDF files here or click to select files').setInputFiles({ name: 'contract.pdf', mimeType: 'application/pdf', buffer: await makePdf('Contract') });
  await answerForm.getByLabel('Your answer').fill(ANSWER);
  await audit(page, 'citizen-answer-1280');
  await answerForm.getByRole('button', { name: 'Send the answer' }).click();
  await expect(own.getByText(ANSWER)).toBeVisible();
  await expect(own.getByText('contract.pdf')).toBeVisible();

  // The clerk rejects it.
  await clerk.reload();
  await lists.getByRole('tab', { name: 'Pending' }).click();
  details = await openFromList(clerk, 'Pending Case Resolutions', citizen.username, caseName);
  await expect(details.getByText(ANSWER)).toBeVisible();
  await details.getByLabel('Change status to').selectOption('REJECTED');
  await details.getByLabel('Message to the applicant').fill('The VIN on the contract differs from the form.');
  await details.getByRole('button', { name: 'Update', exact: true }).first().click();
  await clerk.getByRole('dialog', { name: 'Reject this case?' }).getByRole('button', { name: 'Reject the case' }).click();
  await expect(details.getByText(/^Not delivered yet\./)).toBeVisible();

  // The citizen opens the decision (the email's link): delivered now; appeals.
  await page.goto(`/createCase?case=${caseId}`);
  own = page.getByRole('article', { name: caseName });
  await expect(own.getByText(/^Delivered on .*, when you first opened it\.$/)).toBeVisible();
  await expect(own.getByText(/^You may appeal this decision until /)).toBeVisible();
  const appealForm = own.getByRole('form', { name: 'Appeal this decision' });
  await appealForm.getByLabel('Why you appeal').fill(APPEAL);
  await audit(page, 'citizen-decision-1280');
  await appealForm.getByRole('button', { name: 'Lodge the appeal' }).click();
  await expect(own.getByText(/^Appealed on /)).toBeVisible();

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

  // Polish at 360 px: the clerk's lists, and the citizen's decision made on the appeal.
  await clerk.setViewportSize({ width: 360, height: 740 });
  await chooseLanguage(clerk, 'Polski');
  await expect(clerk.getByRole('tablist', { name: 'Listy spraw' }).getByRole('tab', { name: 'Odwołania' })).toBeVisible();
  await audit(clerk, 'clerk-pl-360');
  await clerkContext.close();
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/createCase?case=${caseId}`);
  await chooseLanguage(page, 'Polski');
  own = page.getByRole('article', { name: `Rejestracja pojazdu - ${plate}` });
  await expect(own.getByText('Tę decyzję wydano po rozpatrzeniu odwołania.')).toBeVisible();
  await expect(own.getByText(/^Doręczona .*, gdy została otwarta po raz pierwszy\.$/)).toBeVisible();
  await audit(page, 'citizen-pl-360');
});
