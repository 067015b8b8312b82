import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/plugins/api-error.js';
import { takeInPdf } from '../src/modules/cases/documents/pdf-intake.js';

// The upload intake on its own (no database): chunking, the signature check and the limit.
async function* pieces(...parts: Buffer[]) {
  for (const part of parts) yield part;
}

/** A sink that copies each chunk, since the intake reuses its buffer. */
function collector() {
  const chunks: Buffer[] = [];
  return { chunks, sink: async (seq: number, data: Buffer) => void chunks.push(Buffer.from(data)) };
}

const pdf = (length: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(Math.max(0, length - 9))]).subarray(0, length);

describe('takeInPdf', () => {
  it('hands over exact chunks whatever the pieces, and the bytes come back the same', async () => {
    const bytes = pdf(10_000);
    const { chunks, sink } = collector();
    const result = await takeInPdf(pieces(bytes.subarray(0, 3), bytes.subarray(3, 2500), bytes.subarray(2500, 2501), bytes.subarray(2501)), sink, {
      maxBytes: 20_000,
      chunkBytes: 3_000,
    });
    expect(chunks.map((chunk) => chunk.length)).toEqual([3000, 3000, 3000, 1000]);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    expect(result).toMatchObject({ size: 10_000, chunks: 4 });
    expect(result.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('recognises a signature split over pieces, and refuses one that is not there before the sink sees a byte', async () => {
    const { chunks, sink } = collector();
    await expect(takeInPdf(pieces(Buffer.from('%P'), Buffer.from('DF-1.4 rest')), sink, { maxBytes: 100, chunkBytes: 4 })).resolves.toMatchObject({ size: 13 });
    const refused = collector();
    const attempt = takeInPdf(pieces(Buffer.from('%P'), Buffer.from('NG-not a pdf at all')), refused.sink, { maxBytes: 100, chunkBytes: 4 });
    await expect(attempt).rejects.toMatchObject({ statusCode: 415, message: 'Only PDF files are allowed.' });
    expect(refused.chunks).toEqual([]);
    expect(chunks.length).toBeGreaterThan(0);
  });

  it('refuses fewer than five bytes and an empty upload', async () => {
    await expect(takeInPdf(pieces(Buffer.from('%PD')), collector().sink, { maxBytes: 100 })).rejects.toMatchObject({ statusCode: 415 });
    await expect(takeInPdf(pieces(), collector().sink, { maxBytes: 100 })).rejects.toMatchObject({ statusCode: 400, message: 'The file is empty.' });
  });

  it('stops at the first byte past the limit without reading further', async () => {
    let served = 0;
    async function* endless() {
      for (;;) {
        served += 1;
        yield served === 1 ? pdf(1000) : randomBytes(1000);
      }
    }
    const attempt = takeInPdf(endless(), collector().sink, { maxBytes: 5_500, chunkBytes: 1_000 });
    await expect(attempt).rejects.toBeInstanceOf(ApiError);
    await expect(attempt).rejects.toMatchObject({ statusCode: 413 });
    expect(served).toBe(6);
  });

  it('takes exactly the limit', async () => {
    await expect(takeInPdf(pieces(pdf(5_000)), collector().sink, { maxBytes: 5_000, chunkBytes: 1_024 })).resolves.toMatchObject({ size: 5_000, chunks: 5 });
  });
});
