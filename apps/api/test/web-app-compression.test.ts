import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import { describeEachEngine } from './helpers/engines.js';

// A built app as the web build leaves it: each compressible file with its .br and .gz beside it.
const SCRIPT = `export const texts = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `text number ${i}`))};`;
const PAGE = `<!doctype html><html lang="en"><head><title>City Service Portal</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`;
const root = mkdtempSync(join(tmpdir(), 'portal-web-compressed-'));
mkdirSync(join(root, 'assets'));
for (const [name, content] of [
  ['index.html', PAGE],
  ['assets/index-abc123.js', SCRIPT],
] as const) {
  writeFileSync(join(root, name), content);
  writeFileSync(join(root, `${name}.br`), brotliCompressSync(content));
  writeFileSync(join(root, `${name}.gz`), gzipSync(content));
}
writeFileSync(join(root, 'assets', 'plain-def456.js'), 'console.log(1);');
afterAll(() => rmSync(root, { recursive: true, force: true }));

describeEachEngine('the web app goes out compressed and cached by kind', (engine) => {
  const ctx = useTestApp(engine, { webDist: root });
  const get = (url: string, acceptEncoding?: string) =>
    ctx.app.inject({ url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it('sends a script as brotli to a browser that accepts it, kept for a year and never revalidated', async () => {
    const response = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
    expect(Number(response.headers['content-length'])).toBeLessThan(Buffer.byteLength(SCRIPT));
  });

  it('sends gzip to a browser that accepts only gzip, and the file itself to one that accepts neither', async () => {
    const gzipped = await get('/assets/index-abc123.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(SCRIPT);

    for (const acceptEncoding of [undefined, 'identity']) {
      const plain = await get('/assets/index-abc123.js', acceptEncoding);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(SCRIPT);
    }
  });

  it('sends a file that has no compressed copy as it is', async () => {
    const response = await get('/assets/plain-def456.js', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('console.log(1);');
  });

  it('sends the page compressed and revalidated on every visit, at / and at a screen the client router draws', async () => {
    for (const url of ['/', '/financial-obligations']) {
      const response = await get(url, 'br, gzip');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(PAGE);
    }
  });

  it('answers a missing asset with a 404 whatever encodings the browser accepts', async () => {
    expect((await get('/assets/missing-000000.js', 'br, gzip')).statusCode).toBe(404);
  });
});
