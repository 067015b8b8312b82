import type { Locator } from '@playwright/test';
import jsQR from 'jsqr';

/**
 * Reads the QR image's pixels in the page and decodes them with jsQR. The pixels come out as one
 * base64 string: as an array of numbers (four per pixel) the same data took Playwright's serializer
 * about two seconds.
 */
export async function decodeQr(image: Locator): Promise<string | undefined> {
  const { width, height, rgba } = await image.evaluate((element: HTMLImageElement) => {
    const canvas = document.createElement('canvas');
    canvas.width = element.naturalWidth;
    canvas.height = element.naturalHeight;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    context.drawImage(element, 0, 0);
    const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
    let binary = '';
    for (let start = 0; start < data.length; start += 0x8000) binary += String.fromCharCode(...data.subarray(start, start + 0x8000));
    return { width: canvas.width, height: canvas.height, rgba: btoa(binary) };
  });
  return jsQR(new Uint8ClampedArray(Buffer.from(rgba, 'base64')), width, height)?.data;
}
