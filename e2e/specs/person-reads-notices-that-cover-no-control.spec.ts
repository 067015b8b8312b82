import { caseMessages, letterMessages } from '@portal/contract';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations, loginAs, registerCitizen } from '../support/portal';

/*
 * Issue 35, point 10: a notice never covers a control (a fixed toast hid the letter's "Download
 * receipt" at 1280 px and its receipt button at 360 px) and does not repeat what a lasting panel
 * already says. Notices now sit in the page's flow, beside the controls of the form that speaks.
 */

const widths = [
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
] as const;

const summaryOf = (scope: Locator) => scope.getByRole('alert', { name: 'There is a problem' });

/** Each visible notice's box against each visible button's and link's: none may meet. */
async function expectCoversNoControl(page: Page, noticeSelector: string) {
  await expect(page.locator(noticeSelector).first()).toBeVisible();
  const overlaps = await page.evaluate(
    (selector) => {
      const noticeElements = Array.from(document.querySelectorAll<HTMLElement>(selector));
      const visible = (element: Element) => {
        const box = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none';
      };
      const meet = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      const controls = Array.from(document.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea, [role="tab"]')).filter(visible);
      const found: string[] = [];
      for (const notice of noticeElements.filter(visible)) {
        const box = notice.getBoundingClientRect();
        for (const control of controls) {
          // A notice's own close button lies inside it, by design.
          if (notice.contains(control)) continue;
          if (meet(box, control.getBoundingClientRect())) found.push(`"${notice.textContent?.trim()}" over "${control.textContent?.trim() || control.getAttribute('aria-label') || control.tagName}"`);
        }
      }
      return found;
    },
    noticeSelector,
  );
  expect(overlaps).toEqual([]);
}

for (const size of widths) {
  test(`at ${size.width} px the letter's success is said once, in its proof of sending, over no button`, async ({ page, request }) => {
    const citizen = await registerCitizen(request);
    await loginAs(page, citizen.username, citizen.password);
    await page.setViewportSize(size);
    await page.goto('/user');
    const form = page.getByRole('tabpanel');
    await form.getByLabel('Subject', { exact: true }).fill('Broken bench in the park');
    await form.getByLabel('Body', { exact: true }).fill('The bench by the pond has a broken slat.');
    await form.getByLabel('Department', { exact: true }).selectOption({ label: 'Parks and Recreation Department' });
    await form.getByRole('button', { name: 'Submit' }).click();

    const proof = page.getByRole('region', { name: 'Proof of sending' });
    // Sending signs a receipt PDF: on a busy machine it takes longer than the default wait.
    await expect(proof.getByRole('status')).toHaveText(letterMessages.created, { timeout: 30_000 });
    // Said once: no passing copy of it elsewhere on the page.
    await expect(page.getByText(letterMessages.created, { exact: true })).toHaveCount(1);
    await expect(proof.getByRole('button', { name: 'Download receipt (PDF)' })).toBeVisible();
    await expectCoversNoControl(page, '.notification, .receipt__status');
    await expectNoAxeViolations(page);
  });

  test(`at ${size.width} px a form's error notice stands beside its error summary, over no control`, async ({ page, request }) => {
    const citizen = await registerCitizen(request);
    await loginAs(page, citizen.username, citizen.password);
    await page.setViewportSize(size);
    await page.goto('/createCase');
    await page.getByRole('tab', { name: 'Create' }).click();
    const form = page.getByRole('tabpanel', { name: 'Create' });
    await form.getByLabel('Case type').selectOption({ label: 'Vehicle registration' });
    await form.getByRole('button', { name: 'Submit' }).click();
    const notice = form.getByRole('alert').filter({ hasText: caseMessages.fixErrors });
    await expect(notice).toBeVisible();
    // In the form, beside the error summary that took focus: on screen where the person is.
    await expect(summaryOf(form)).toBeFocused();
    await expect(notice).toBeInViewport();
    await expectCoversNoControl(page, '.notification');
    await expectNoAxeViolations(page);
  });
}
