import { createHash, randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { type Distribution, distribution, mapLimit, round } from '../harness/stats.js';
import type { DocumentsBenchReady, MemoryWindow } from './protocol.js';

// The PDFs bench:documents sends and how it sends and fetches them, each answer checked.

export const MB = 1024 * 1024;

/** A real one-page PDF, then filler after its end up to exactly `bytes` (random: nothing compresses it). */
export async function pdfOfSize(bytes: number, title: string): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  document.addPage([595, 842]).drawText(title, { x: 50, y: 780, size: 20, font });
  const pdf = Buffer.from(await document.save());
  return Buffer.concat([pdf, Buffer.from('\n%'), randomBytes(Math.max(0, bytes - pdf.length - 2))]).subarray(0, bytes);
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
export const mbPerSecond = (bytes: number, ms: number) => round(bytes / MB / (ms / 1000), 1);
export const median = (values: readonly number[]) => distribution(values).p50;

export async function postJson<T>(url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export interface UploadFigures {
  files: number;
  bytes: number;
  ms: number;
  mbPerSecond: number;
  latencyMs: Distribution;
  memory: MemoryWindow;
}

/** `count` uploads of `pdf`, `inFlight` at once, spread over the cases; every answer checked. */
export async function uploadAll(ready: DocumentsBenchReady, pdf: Buffer, count: number, inFlight: number): Promise<UploadFigures & { uuids: string[] }> {
  const api = `http://127.0.0.1:${ready.ports.api}`;
  const control = `http://127.0.0.1:${ready.ports.control}`;
  await postJson(`${control}/memory/reset`);
  const latencies: number[] = [];
  const started = performance.now();
  // One view the DOM lib's Blob accepts (bench/tsconfig has DOM for the Chromium timings), made once.
  const pdfPart = new Uint8Array(pdf);
  const uuids = await mapLimit(
    Array.from({ length: count }, (_, index) => index),
    inFlight,
    async (index) => {
      const form = new FormData();
      form.append('file', new Blob([pdfPart], { type: 'application/pdf' }), `bench-${index}.pdf`);
      const caseId = ready.caseIds[index % ready.caseIds.length];
      const one = performance.now();
      const response = await fetch(`${api}/api/case-resolution/${caseId}/add-document`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ready.token}` },
        body: form,
      });
      const body = (await response.json()) as { uuid?: string; size?: number };
      latencies.push(performance.now() - one);
      if (response.status !== 201 || body.size !== pdf.length || !body.uuid) {
        throw new Error(`upload ${index} answered ${response.status}: ${JSON.stringify(body)}`);
      }
      return body.uuid;
    },
  );
  const ms = performance.now() - started;
  const memory = await getJson<MemoryWindow>(`${control}/memory`);
  const bytes = pdf.length * count;
  return { files: count, bytes, ms: round(ms, 0), mbPerSecond: mbPerSecond(bytes, ms), latencyMs: distribution(latencies), memory, uuids };
}

export interface DownloadRun {
  ttfbMs: number;
  totalMs: number;
  mbPerSecond: number;
}

/** One GET: time to the first body byte and to the last, and the bytes compared with what was uploaded. */
export function downloadOnce(ready: DocumentsBenchReady, path: string, expected: { sha256: string; bytes: number } | null): Promise<DownloadRun & { body: Buffer }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let ttfb = 0;
    const parts: Buffer[] = [];
    const request = httpRequest(
      { host: '127.0.0.1', port: ready.ports.api, path, headers: { authorization: `Bearer ${ready.token}` } },
      (response) => {
        response.on('data', (part: Buffer) => {
          if (ttfb === 0) ttfb = performance.now() - started;
          parts.push(part);
        });
        response.on('end', () => {
          const totalMs = performance.now() - started;
          const body = Buffer.concat(parts);
          if (response.statusCode !== 200) return reject(new Error(`${path} answered ${response.statusCode}: ${body.toString().slice(0, 200)}`));
          if (expected && (body.length !== expected.bytes || sha256(body) !== expected.sha256)) {
            return reject(new Error(`${path}: the downloaded bytes differ from the upload`));
          }
          resolve({ ttfbMs: round(ttfb, 1), totalMs: round(totalMs, 1), mbPerSecond: mbPerSecond(body.length, totalMs), body });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end();
  });
}
