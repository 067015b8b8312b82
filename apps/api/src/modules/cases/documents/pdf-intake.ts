import { createHash } from 'node:crypto';
import { caseApiMessages, caseMessages, DOCUMENT_FILE_FIELD, hasPdfSignature, mebibytes, PDF_SIGNATURE } from '@portal/contract';
import { ApiError, badRequest } from '../../../plugins/api-error.js';

/**
 * Bytes per stored chunk: small enough that an upload or a download holds little in memory,
 * large enough that a 10 MB file is a few dozen rows. A multiple of 3, so the chunks of a
 * document turn into base64 one by one without padding in the middle.
 */
export const DOCUMENT_CHUNK_BYTES = 384 * 1024;

/**
 * Where the intake puts each chunk, in order from 0. `data` is only valid until the returned
 * promise settles: the intake then fills the same memory with the next chunk (the database
 * drivers have copied it by then), so an upload allocates one chunk buffer, not one per chunk.
 */
export type ChunkSink = (seq: number, data: Buffer) => Promise<void>;

export interface IntakeResult {
  size: number;
  sha256: string;
  chunks: number;
}

export const notPdf = () => new ApiError(415, caseMessages.onlyPdf, { [DOCUMENT_FILE_FIELD]: caseMessages.onlyPdf });
export const fileTooLarge = (maxBytes: number) => {
  const message = caseApiMessages.fileTooLarge(mebibytes(maxBytes));
  return new ApiError(413, message, { [DOCUMENT_FILE_FIELD]: message });
};

/**
 * Reads an upload as it arrives and hands it to `sink` in chunks of `chunkBytes`. It refuses,
 * by throwing, before the sink sees anything that does not start with the PDF signature (the
 * name and declared type are never trusted), and stops reading as soon as the upload passes
 * `maxBytes`. Waiting for the sink is the back-pressure: one chunk is held per upload.
 */
export async function takeInPdf(
  source: AsyncIterable<Buffer>,
  sink: ChunkSink,
  { maxBytes, chunkBytes = DOCUMENT_CHUNK_BYTES }: { maxBytes: number; chunkBytes?: number },
): Promise<IntakeResult> {
  const hash = createHash('sha256');
  let chunk: Buffer | undefined;
  let filled = 0;
  let size = 0;
  let seq = 0;
  let checked = false;

  const check = () => {
    if (!chunk || !hasPdfSignature(chunk.subarray(0, filled))) throw notPdf();
    checked = true;
  };

  for await (const piece of source) {
    size += piece.length;
    if (size > maxBytes) throw fileTooLarge(maxBytes);
    hash.update(piece);
    // Allocated on the first byte, so an empty upload costs nothing; never shorter than the
    // signature, so the first chunk is checked before the sink sees it.
    chunk ??= Buffer.allocUnsafe(Math.max(PDF_SIGNATURE.length, Math.min(chunkBytes, maxBytes)));
    let offset = 0;
    while (offset < piece.length) {
      const copied = piece.copy(chunk, filled, offset);
      filled += copied;
      offset += copied;
      if (!checked && filled >= PDF_SIGNATURE.length) check();
      if (filled === chunk.length) {
        await sink(seq, chunk);
        seq += 1;
        filled = 0;
      }
    }
  }

  if (size === 0) throw badRequest(caseApiMessages.fileEmpty, { [DOCUMENT_FILE_FIELD]: caseApiMessages.fileEmpty });
  if (!checked) check();
  if (filled > 0 && chunk) {
    await sink(seq, chunk.subarray(0, filled));
    seq += 1;
  }
  return { size, sha256: hash.digest('hex'), chunks: seq };
}
