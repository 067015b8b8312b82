import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ReceiptLayout } from './pdf.js';
import type { RenderReply, RenderRequest } from './render-messages.js';
import type { SigningKey } from './signing-key.js';

/*
 * Laying out a receipt (fontkit shaping every line of DejaVu text) and signing it takes tens of
 * milliseconds of CPU. On the API's own thread that blocked every other request of the process
 * for as long (bench:load: reads of a few ms waited behind it, and its transaction sat idle). So
 * receipts are made on one thread beside it, shared by the whole process, one after another; the
 * caller awaits the bytes inside its transaction exactly as before.
 *
 * The built API runs render-worker.js; the TypeScript source (tests, benches) runs render-worker.ts
 * through tsx, which the thread registers before it imports the file.
 */
const fromSource = import.meta.url.endsWith('.ts');

function newWorker(): Worker {
  if (!fromSource) return new Worker(new URL('./render-worker.js', import.meta.url));
  // tsx's ESM entry, as its package.json exports it (resolving 'tsx/esm/api' here would give the CommonJS one).
  const tsxPackage = createRequire(import.meta.url).resolve('tsx/package.json');
  const { exports } = JSON.parse(readFileSync(tsxPackage, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  const tsx = new URL(exports['./esm/api']?.import.default ?? '', pathToFileURL(tsxPackage)).href;
  const file = new URL('./render-worker.ts', import.meta.url).href;
  const bootstrap = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(file)}); })`;
  return new Worker(bootstrap, { eval: true });
}

interface Pending {
  resolve: (pdf: Buffer) => void;
  reject: (error: Error) => void;
}

let thread: Worker | null = null;
const pending = new Map<number, Pending>();
let nextId = 1;

function started(): Worker {
  if (thread) return thread;
  const worker = newWorker();
  worker.on('message', (reply: RenderReply) => {
    const job = pending.get(reply.id);
    pending.delete(reply.id);
    // An idle thread must not keep the process alive (nor a test run, nor a stopping server).
    if (pending.size === 0) worker.unref();
    if (!job) return;
    if ('error' in reply) job.reject(new Error(`receipt not rendered: ${reply.error}`));
    else job.resolve(Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength));
  });
  // A thread that failed or ended answers nothing more: its receipts fail, the next one starts a new thread.
  const lost = (error: Error) => {
    if (thread !== worker) return;
    thread = null;
    for (const job of pending.values()) job.reject(error);
    pending.clear();
  };
  worker.on('error', lost);
  worker.on('exit', (code) => lost(new Error(`the receipt thread ended (exit code ${code})`)));
  thread = worker;
  return worker;
}

/** The receipt laid out and sealed with `key` on the receipt thread: the bytes renderSignedReceipt makes. */
export function renderOnThread(layout: ReceiptLayout, key: SigningKey): Promise<Buffer> {
  const worker = started();
  const id = nextId++;
  const request: RenderRequest = { id, layout, key: { privateKey: key.nodePrivateKey, certificateDer: key.certificateDer } };
  return new Promise<Buffer>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker.ref();
    worker.postMessage(request);
  });
}
