import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { demoPdf } from '../src/modules/cases/demo-pdf.js';
import { asciiFileName, attachmentHeader } from '../src/modules/cases/documents/routes.js';
import { documentNameFrom } from '../src/modules/cases/documents/service.js';

// Pure functions: no database is involved, so this file runs once.
describe('the name a document is stored under', () => {
  it.each([
    ['scan.pdf', 'scan.pdf'],
    ['Scan.PDF', 'Scan.PDF'],
    ['  Dowód rejestracyjny.pdf ', 'Dowód rejestracyjny.pdf'],
    ['../../etc/passwd', 'passwd.pdf'],
    ['C:\\Users\\anna\\umowa.pdf', 'umowa.pdf'],
    ['invoice\u202Efdp.exe', 'invoicefdp.exe.pdf'],
    ['line\r\nbreak.pdf', 'linebreak.pdf'],
    ['', 'document.pdf'],
    [undefined, 'document.pdf'],
    ['photo.png', 'photo.png.pdf'],
  ])('%j -> %j', (given, stored) => {
    expect(documentNameFrom(given)).toBe(stored);
  });

  it('keeps at most 255 characters and the .pdf ending', () => {
    const name = documentNameFrom(`${'ż'.repeat(400)}.pdf`);
    expect([...name]).toHaveLength(255);
    expect(name.endsWith('ż.pdf')).toBe(true);
  });

  it('composes decomposed letters (macOS sends "o" + combining acute)', () => {
    expect(documentNameFrom('Do\u0301wod.pdf')).toBe('Dówod.pdf');
  });
});

describe('Content-Disposition of a download (RFC 6266)', () => {
  it('is a plain quoted name for ASCII', () => {
    expect(attachmentHeader('plain.pdf')).toBe('attachment; filename="plain.pdf"');
  });

  it('adds the UTF-8 name and an ASCII fallback without Polish marks for other names', () => {
    expect(asciiFileName('Zażółć gęślą jaźń.pdf')).toBe('Zazolc gesla jazn.pdf');
    expect(attachmentHeader('日本.pdf')).toBe(`attachment; filename="__.pdf"; filename*=UTF-8''%E6%97%A5%E6%9C%AC.pdf`);
  });

  it('never lets a quote or backslash end the quoted fallback early', () => {
    expect(attachmentHeader('a "b".pdf')).toBe(`attachment; filename="a _b_.pdf"; filename*=UTF-8''a%20%22b%22.pdf`);
  });
});

describe('the demo PDF', () => {
  it('is a well-formed PDF that a PDF library opens, with one A4 page', async () => {
    const bytes = demoPdf('Dowód rejestracyjny (kopia)', ['Pojazd: Skoda Octavia', 'Numer: KR 12345']);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const document = await PDFDocument.load(bytes, { throwOnInvalidObject: true });
    expect(document.getPageCount()).toBe(1);
    expect(document.getPage(0).getSize()).toEqual({ width: 595, height: 842 });
    // Every cross-reference offset points at its object.
    const text = bytes.toString('latin1');
    const offsets = [...text.matchAll(/^(\d{10}) 00000 n $/gm)].map((match) => Number(match[1]));
    offsets.forEach((offset, index) => expect(text.slice(offset).startsWith(`${index + 1} 0 obj\n`)).toBe(true));
  });
});
