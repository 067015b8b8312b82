import type { KeyObject } from 'node:crypto';
import type { ReceiptLayout } from './pdf.js';

/** What render-pool.ts sends its thread: the layout and the key to seal it with (a KeyObject crosses threads). */
export interface RenderRequest {
  id: number;
  layout: ReceiptLayout;
  key: { privateKey: KeyObject; certificateDer: Uint8Array };
}

/** The thread's answer: the signed PDF, or why there is none. */
export type RenderReply = { id: number; pdf: Uint8Array } | { id: number; error: string };

/** The thread's first message: its code is loaded and it takes requests. */
export interface RenderReady {
  ready: true;
}
