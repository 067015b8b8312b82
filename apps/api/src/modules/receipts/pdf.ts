import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import { OfficeSigner } from './signer.js';
import type { SealingKey } from './signing-key.js';

/** A receipt as it is laid out: every text already in the recipient's language. */
export interface ReceiptLayout {
  language: 'en' | 'pl';
  officeName: string;
  title: string;
  intro: string;
  rows: readonly { label: string; value: string }[];
  /** Further groups of rows (one per document of a case). */
  groups: readonly { heading: string; rows: readonly { label: string; value: string }[] }[];
  footer: string;
  /** The moment the receipt proves; also the PDF's creation date and the signing time. */
  issuedAt: Date;
  /** Shown by PDF readers beside the signature. */
  signatureReason: string;
}

// DejaVu Sans covers every Polish letter; the font is embedded (subset) so any reader shows them.
const requireFromHere = createRequire(import.meta.url);
const fontDir = join(dirname(requireFromHere.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const regularFont = readFileSync(join(fontDir, 'DejaVuSans.ttf'));
const boldFont = readFileSync(join(fontDir, 'DejaVuSans-Bold.ttf'));

/*
 * pdf-lib hands fontkit the font's bytes for every document, and parsing 700 kB of TrueType is
 * most of a receipt's cost, so the parsed font (its decoded tables) is kept. What must not be kept
 * is fontkit's glyph cache: a glyph keeps the code points it was first asked for, and pdf-lib writes
 * each document's text layer (ToUnicode) from them. A receipt with "Ż" puts the glyph "Z" in its
 * subset as a part of "Ż", asked for with no code point; with one cache per process every later
 * receipt's "Z" then had no text ("Zebra" read "ebra" in pdftotext, in search and in copy-paste).
 * So each document gets its own view of the parsed font: the decoded tables through the prototype,
 * an empty glyph cache and its own lazily made cmap and layout objects (fontkit keeps those on the
 * object they were first asked of, and the parsed font itself is never asked).
 */
const parsedFonts = new WeakMap<object, ReturnType<typeof fontkit.create>>();
const documentFontkit: typeof fontkit = {
  ...fontkit,
  create(data, postscriptName) {
    if (postscriptName !== undefined) return fontkit.create(data, postscriptName);
    let parsed = parsedFonts.get(data);
    if (!parsed) {
      parsed = fontkit.create(data);
      parsedFonts.set(data, parsed);
    }
    return Object.assign(Object.create(parsed) as typeof parsed, { _glyphs: {} });
  },
};

const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
const MARGIN = 56;
const SIZE = { office: 14, title: 13, text: 10, small: 8 };
const LINE = 1.45;
const LABEL_WIDTH = 150;
const TEXT_COLOR = rgb(0.1, 0.1, 0.1);

/*
 * pdf-lib's width of a text is the sum of its glyphs' advances (font units x 1000 / unitsPerEm,
 * exact binary fractions) times size / 1000. In Latin text shaping does not join glyphs across a
 * space, so the width of "line word" at size 1000 is the line's plus " word"'s, exactly: each word
 * is shaped once instead of the whole line again per word (most of a receipt's CPU), and the lines
 * break where they always did. fontkit shapes a string by the first script it finds in it, so a
 * paragraph with another script (Arabic beside Latin, say) is measured whole, line by line, as before.
 * A piece's width depends on the font file and the piece alone, so it is kept across documents
 * (labels and wording repeat in every receipt), unlike fontkit's glyphs (see documentFontkit).
 */
const UNIT_SIZE = 1000;
const LATIN_ONLY = /^[\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]*$/u;
const WIDTHS_KEPT = 20_000;
const pieceWidths = new Map<Buffer, Map<string, number>>();

/** The width at UNIT_SIZE of `piece` ("word" or " word") in `font`, made from the font file `file`. */
function pieceUnits(file: Buffer, font: PDFFont, piece: string): number {
  let widths = pieceWidths.get(file);
  if (!widths) {
    widths = new Map();
    pieceWidths.set(file, widths);
  }
  let units = widths.get(piece);
  if (units === undefined) {
    if (widths.size >= WIDTHS_KEPT) widths.clear();
    units = font.widthOfTextAtSize(piece, UNIT_SIZE);
    widths.set(piece, units);
  }
  return units;
}

/** Splits text into lines no wider than `width`, breaking long words too (hashes, file names). */
function wrap(text: string, font: PDFFont, file: Buffer, size: number, width: number): string[] {
  const lines: string[] = [];
  const scale = size / UNIT_SIZE;
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    let lineUnits = 0;
    const latin = LATIN_ONLY.test(paragraph);
    for (const word of paragraph.split(' ')) {
      const candidate = line === '' ? word : `${line} ${word}`;
      const candidateUnits = !latin
        ? font.widthOfTextAtSize(candidate, UNIT_SIZE)
        : line === ''
          ? pieceUnits(file, font, word)
          : lineUnits + pieceUnits(file, font, ` ${word}`);
      if (candidateUnits * scale <= width) {
        line = candidate;
        lineUnits = candidateUnits;
        continue;
      }
      if (line !== '') lines.push(line);
      line = '';
      lineUnits = 0;
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width) {
        let cut = rest.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut -= 1;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
      lineUnits = font.widthOfTextAtSize(rest, UNIT_SIZE);
    }
    lines.push(line);
  }
  return lines;
}

class Writer {
  page: PDFPage;
  y: number;
  constructor(
    private readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.page = doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - MARGIN;
  }

  private room(height: number): void {
    if (this.y - height >= MARGIN) return;
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - MARGIN;
  }

  text(text: string, { font = this.regular, size = SIZE.text, x = MARGIN, width = PAGE.width - 2 * MARGIN, gap = 0 } = {}): void {
    for (const line of wrap(text, font, font === this.bold ? boldFont : regularFont, size, width)) {
      this.room(size * LINE);
      this.y -= size * LINE;
      this.page.drawText(line, { x, y: this.y, size, font, color: TEXT_COLOR });
    }
    this.y -= gap;
  }

  row(label: string, value: string): void {
    const top = this.y;
    const startPage = this.page;
    this.text(label, { font: this.bold, width: LABEL_WIDTH - 8 });
    const labelBottom = this.y;
    if (this.page === startPage) this.y = top;
    this.text(value, { x: MARGIN + LABEL_WIDTH, width: PAGE.width - 2 * MARGIN - LABEL_WIDTH });
    this.y = Math.min(this.y, this.page === startPage ? labelBottom : this.y) - 3;
  }
}

/** The receipt as an unsigned PDF with room for a detached signature (no object streams, so the placeholder is findable). */
async function layOut(layout: ReceiptLayout): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(documentFontkit);
  const [regular, bold] = await Promise.all([doc.embedFont(regularFont, { subset: true }), doc.embedFont(boldFont, { subset: true })]);
  doc.setTitle(layout.title);
  doc.setAuthor(layout.officeName);
  doc.setLanguage(layout.language === 'pl' ? 'pl-PL' : 'en-GB');
  doc.setProducer('City Service Portal');
  doc.setCreator('City Service Portal');
  doc.setCreationDate(layout.issuedAt);
  doc.setModificationDate(layout.issuedAt);

  const writer = new Writer(doc, regular, bold);
  writer.text(layout.officeName, { font: bold, size: SIZE.office, gap: 4 });
  writer.text(layout.title, { font: bold, size: SIZE.title, gap: 6 });
  writer.text(layout.intro, { gap: 10 });
  for (const { label, value } of layout.rows) writer.row(label, value);
  for (const group of layout.groups) {
    writer.y -= 8;
    writer.text(group.heading, { font: bold, gap: 2 });
    for (const { label, value } of group.rows) writer.row(label, value);
  }
  writer.y -= 14;
  writer.text(layout.footer, { size: SIZE.small });

  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: layout.signatureReason,
    contactInfo: '',
    name: layout.officeName,
    location: '',
    signingTime: layout.issuedAt,
  });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** The receipt, laid out and sealed with a CMS detached signature over the whole file. */
export async function renderSignedReceipt(layout: ReceiptLayout, key: SealingKey): Promise<Buffer> {
  const unsigned = await layOut(layout);
  return new SignPdf().sign(unsigned, new OfficeSigner(key), layout.issuedAt);
}
