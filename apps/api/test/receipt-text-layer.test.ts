import { expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import { describeEachEngine } from './helpers/engines.js';
import { type CreatedUser, createCitizen } from './helpers/factories.js';
import { letterBody } from './helpers/letters.js';
import { downloadReceipt, pdfText, receiptsOf } from './helpers/receipts.js';

/*
 * One long-running server makes every receipt (bench:load makes hundreds a minute). The parsed
 * DejaVu fonts are kept between documents; each receipt's text layer (what pdftotext, search and
 * copy-paste read) must still be its own. The first receipt has "Ź" and "Ż" and no "Z": their glyphs
 * are built from "Z", which once left "Z" without text in every later receipt of the process ("ebra
 * crossing"). A Vitest worker may run other files first, whose receipts drew "Z" already; then this
 * walk through the API cannot show that bug, and receipt-fonts.test.ts (fresh fonts, "Ż" first) does.
 */
// Three rounds of the four subject shapes: enough to show a later receipt keeps its own text, cheap in CI.
const LETTERS_AFTER_THE_FIRST = 12;
const polish = { 'accept-language': 'pl-PL,pl;q=0.9' };

describeEachEngine('receipts made one after another by one server', (engine) => {
  const ctx = useTestApp(engine);

  /** Sends the letter and answers the text of its receipt and the reference the API lists for it. */
  async function letterReceipt(author: CreatedUser, subject: string, inPolish: boolean) {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/letters',
      headers: { ...author.headers, ...(inPolish ? polish : {}) },
      payload: letterBody(author, { subject }),
    });
    expect(response.statusCode, response.body).toBe(201);
    const { id, letterId } = response.json() as { id: number; letterId: number };
    const [receipt] = await receiptsOf(ctx.app, author, 'conversation', id);
    expect(receipt?.reference).toBe(`L-${letterId}`);
    return { letterId, text: pdfText(await downloadReceipt(ctx.app, author, receipt?.id ?? 0)) };
  }

  it(`gives each of ${LETTERS_AFTER_THE_FIRST + 1} letters a receipt whose text names its own letter, subject and sender`, async () => {
    // Names without "Z" (the factory's default is Zofia): the first receipt must not hold a "Z".
    const anna = await createCitizen(ctx.app, { firstName: 'Anna', lastName: 'Nowak' });
    const ewa = await createCitizen(ctx.app, { firstName: 'Ewa', lastName: 'Łęcka-Ślązak' });

    const first = await letterReceipt(anna, 'Źle oznakowane przejście, Żółw', false);
    expect(first.text).toContain(`Reference L-${first.letterId}`);
    expect(first.text).toContain('Subject Źle oznakowane przejście, Żółw');

    const subjects = Array.from({ length: LETTERS_AFTER_THE_FIRST }, (_, i) =>
      [`Zebra crossing ${i} on Zielona`, `Zgłoszenie ${i}: Źródlana i Żelazna`, `Streetlight ${i} out, QUIZ`, `Ośla ${i} — Ścieżka`][i % 4] ?? '',
    );
    // Five at a time, as a busy server makes them: each receipt still has only its own text.
    for (let start = 0; start < subjects.length; start += 5) {
      await Promise.all(
        subjects.slice(start, start + 5).map(async (subject, offset) => {
          const index = start + offset;
          const author = index % 2 === 0 ? anna : ewa;
          const inPolish = index % 3 === 0;
          const { letterId, text } = await letterReceipt(author, subject, inPolish);
          expect(text, subject).toContain(inPolish ? `Numer L-${letterId}` : `Reference L-${letterId}`);
          expect(text, subject).toContain(`${inPolish ? 'Temat' : 'Subject'} ${subject}`);
          expect(text, subject).toContain(`${inPolish ? 'Nadawca' : 'Sender'} ${author === anna ? 'Anna Nowak' : 'Ewa Łęcka-Ślązak'}`);
        }),
      );
    }
  }, 120_000);
});
