// NOTIFY payloads must stay under 8000 bytes. An encoded event larger than one notification is
// split into chunks sent in one transaction (PostgreSQL delivers them together, in order) and
// joined again by every listener. Each notification reads "<origin> <seq> <index> <count> <text>".
import { REALTIME_PAYLOAD_MAX_BYTES } from './bus.js';

/** Room for the header (origin uuid, sequence and chunk numbers) under the 7999-byte limit. */
export const NOTIFY_CHUNK_MAX_BYTES = 7800;
// A chunk ends at most 3 bytes short of the limit (a 4-byte code point that did not fit).
const MAX_CHUNKS = Math.ceil(REALTIME_PAYLOAD_MAX_BYTES / (NOTIFY_CHUNK_MAX_BYTES - 3));
const HEADER = /^([0-9a-f-]{36}) (\d{1,15}) (\d{1,4}) (\d{1,4}) /;
/** Partial events only exist while one transaction's notifications arrive; this bounds damage. */
const MAX_PENDING = 64;

export interface Notification {
  origin: string;
  seq: number;
  text: string;
}

/** Splits on code point boundaries so each chunk is valid UTF-8 of at most `maxBytes` bytes. */
export function splitUtf8(text: string, maxBytes = NOTIFY_CHUNK_MAX_BYTES): string[] {
  if (Buffer.byteLength(text, 'utf8') <= maxBytes) return [text];
  const chunks: string[] = [];
  let start = 0;
  let bytes = 0;
  let i = 0;
  while (i < text.length) {
    const codePoint = text.codePointAt(i) ?? 0;
    const units = codePoint > 0xffff ? 2 : 1;
    const size = codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
    if (bytes + size > maxBytes) {
      chunks.push(text.slice(start, i));
      start = i;
      bytes = 0;
    }
    bytes += size;
    i += units;
  }
  chunks.push(text.slice(start));
  return chunks;
}

export function formatChunks(origin: string, seq: number, text: string): string[] {
  const parts = splitUtf8(text);
  return parts.map((part, index) => `${origin} ${seq} ${index} ${parts.length} ${part}`);
}

/** Joins chunks back into events; malformed input yields nothing rather than a wrong event. */
export class ChunkAssembler {
  private readonly pending = new Map<string, { parts: string[]; received: number }>();

  /** Returns the complete event once its last chunk arrived, `null` while waiting, 'invalid' for junk. */
  accept(raw: string): Notification | null | 'invalid' {
    const match = HEADER.exec(raw);
    if (!match) return 'invalid';
    const [header, origin = '', seqText = '', indexText = '', countText = ''] = match;
    const seq = Number(seqText);
    const index = Number(indexText);
    const count = Number(countText);
    if (count < 1 || count > MAX_CHUNKS || index >= count) return 'invalid';
    const text = raw.slice(header.length);
    if (count === 1) return { origin, seq, text };

    const key = `${origin} ${seq}`;
    let entry = this.pending.get(key);
    if (!entry) {
      if (this.pending.size >= MAX_PENDING) {
        const oldest = this.pending.keys().next().value;
        if (oldest !== undefined) this.pending.delete(oldest);
      }
      entry = { parts: new Array<string>(count), received: 0 };
      this.pending.set(key, entry);
    }
    if (entry.parts.length !== count || entry.parts[index] !== undefined) return 'invalid';
    entry.parts[index] = text;
    entry.received += 1;
    if (entry.received < count) return null;
    this.pending.delete(key);
    return { origin, seq, text: entry.parts.join('') };
  }

  /** After a reconnect the rest of a half-received event will never come. */
  reset(): void {
    this.pending.clear();
  }
}
