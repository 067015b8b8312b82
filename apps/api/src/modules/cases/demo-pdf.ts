/**
 * A small one-page PDF (A4, Helvetica) with a title and a few lines, for the demo data: the demo
 * case then has a document that opens in the viewer. PDF 1.4 written by hand: a catalog, a page
 * tree, one page, its font and its text, and the cross-reference table with each object's offset.
 */
export function demoPdf(title: string, lines: readonly string[]): Buffer {
  // The standard Helvetica font knows WinAnsi letters; keep to printable ASCII and escape the rest.
  const text = (value: string) =>
    value
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .replace(/[łŁ]/g, (letter) => (letter === 'ł' ? 'l' : 'L'))
      .replace(/[^\x20-\x7e]/g, '?')
      .replace(/[\\()]/g, (special) => `\\${special}`);
  const content = [
    'BT',
    '/F1 20 Tf',
    '56 770 Td',
    `(${text(title)}) Tj`,
    '/F1 12 Tf',
    '0 -34 Td',
    ...lines.flatMap((line) => [`(${text(line)}) Tj`, '0 -18 Td']),
    'ET',
  ].join('\n');

  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];

  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
