import { parentPort } from 'node:worker_threads';
import { renderSignedReceipt } from './pdf.js';
import type { RenderReady, RenderReply, RenderRequest } from './render-messages.js';
import { certificateFromDer, type SealingKey } from './signing-key.js';

/*
 * The receipt renderer's thread (render-pool.ts): lays out and signs each receipt it is sent and
 * answers its bytes. The certificate arrives as DER and is parsed once per key.
 */
const KEYS_KEPT = 4;
const keys = new Map<string, SealingKey>();

function sealingKey({ privateKey, certificateDer }: RenderRequest['key']): SealingKey {
  const id = Buffer.from(certificateDer).toString('base64');
  let key = keys.get(id);
  if (!key) {
    key = { nodePrivateKey: privateKey, certificate: certificateFromDer(Buffer.from(certificateDer)) };
    if (keys.size >= KEYS_KEPT) keys.delete(keys.keys().next().value ?? '');
    keys.set(id, key);
  }
  return key;
}

const port = parentPort;
if (!port) throw new Error('render-worker.ts runs as a worker thread (render-pool.ts)');
port.on('message', (request: RenderRequest) => {
  // Any failure (a certificate that does not parse, too) answers this request only; the thread goes on.
  Promise.resolve(request.key)
    .then((key) => renderSignedReceipt(request.layout, sealingKey(key)))
    .then(
      (pdf) => {
        // A copy of its own, so the whole buffer can be handed over (pdf may be a view of a larger one).
        const bytes = new Uint8Array(pdf);
        port.postMessage({ id: request.id, pdf: bytes } satisfies RenderReply, [bytes.buffer]);
      },
      (error: unknown) => port.postMessage({ id: request.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies RenderReply),
    );
});
// Its code is loaded (the pool counts each receipt's deadline from here, not from the thread's start).
port.postMessage({ ready: true } satisfies RenderReady);
