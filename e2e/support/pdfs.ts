import { randomBytes } from 'node:crypto';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';

/**
 * A real PDF written by the test (pdf-lib): one A4 page with a large black title on white, so a
 * drawn page is easy to tell from a blank one. `paddingBytes` adds an embedded file of random
 * bytes to make it bigger (uploads slow enough to watch their progress).
 */
export async function makePdf(title: string, { paddingBytes = 0 }: { paddingBytes?: number } = {}): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.setTitle(title);
  const font = await document.embedFont(StandardFonts.HelveticaBold);
  const page = document.addPage([595, 842]);
  page.drawText(title, { x: 48, y: 760, size: 28, font, color: rgb(0, 0, 0) });
  page.drawRectangle({ x: 48, y: 600, width: 499, height: 120, color: rgb(0.1, 0.2, 0.4) });
  if (paddingBytes > 0) await document.attach(randomBytes(paddingBytes), 'scan-data.bin', { mimeType: 'application/octet-stream' });
  return Buffer.from(await document.save());
}

/** The first bytes of a PNG image, whatever name it is given. */
export const pngBytes = (): Buffer =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(512)]);
