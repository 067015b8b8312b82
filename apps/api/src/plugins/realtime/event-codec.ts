// One encoding for both engines, so the memory bus rejects exactly what PostgreSQL would.
import {
  type JsonValue,
  REALTIME_PAYLOAD_MAX_BYTES,
  REALTIME_TOPIC_MAX_LENGTH,
  RealtimePayloadTooLargeError,
} from './bus.js';

export interface DecodedEvent {
  topic: string;
  payload: JsonValue;
}

/** Throws on a bad topic, a payload JSON cannot represent, or one over the size limit. */
export function encodeEvent(topic: string, payload: JsonValue): string {
  if (typeof topic !== 'string' || topic.length === 0 || topic.length > REALTIME_TOPIC_MAX_LENGTH) {
    throw new TypeError(`Realtime topic must be a non-empty string of at most ${REALTIME_TOPIC_MAX_LENGTH} characters`);
  }
  const payloadJson: string | undefined = JSON.stringify(payload);
  if (payloadJson === undefined) throw new TypeError(`Realtime payload for topic "${topic}" is not JSON`);
  const text = `[${JSON.stringify(topic)},${payloadJson}]`;
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > REALTIME_PAYLOAD_MAX_BYTES) throw new RealtimePayloadTooLargeError(topic, bytes);
  return text;
}

/** Returns null for text another program (or an older version) put on our channel. */
export function decodeEvent(text: string): DecodedEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 2 || typeof value[0] !== 'string') return null;
  return { topic: value[0], payload: value[1] as JsonValue };
}
