import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { UnavailableError } from '../../plugins/api-error.js';
import type { ReceiptLayout } from './pdf.js';
import type { RenderReady, RenderReply, RenderRequest } from './render-messages.js';
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

/** The thread and the receipts waiting on it (each thread its own: a replaced one fails only its own). */
interface Thread {
  worker: Worker;
  pending: Map<number, Pending>;
  /** Resolves once the thread has loaded its code; never rejects (a thread lost first leaves it pending). */
  ready: Promise<void>;
  /** Fails every receipt still waiting on this thread and lets the next receipt start a new one. */
  lose(error: Error): void;
}

/**
 * How long a new thread may take to load its code: seconds alone, longer on a loaded machine (tsx
 * compiles it from source in tests). Not part of a receipt's deadline, which counts from here.
 */
const THREAD_START_MS = 60_000;

let thread: Thread | null = null;
let nextId = 1;

function started(): Thread {
  if (thread) return thread;
  const worker = newWorker();
  const pending = new Map<number, Pending>();
  let isReady!: () => void;
  const startTimer = setTimeout(() => {
    current.lose(new UnavailableError(`the receipt thread did not start within ${THREAD_START_MS} ms`));
    void worker.terminate();
  }, THREAD_START_MS);
  startTimer.unref();
  const current: Thread = {
    worker,
    pending,
    ready: new Promise<void>((resolve) => (isReady = resolve)),
    lose(error) {
      clearTimeout(startTimer);
      if (thread === current) thread = null;
      for (const job of pending.values()) job.reject(error);
      pending.clear();
    },
  };
  worker.on('message', (reply: RenderReply | RenderReady) => {
    if ('ready' in reply) {
      clearTimeout(startTimer);
      isReady();
      return;
    }
    const job = pending.get(reply.id);
    pending.delete(reply.id);
    // An idle thread must not keep the process alive (nor a test run, nor a stopping server).
    if (pending.size === 0) worker.unref();
    if (!job) return;
    if ('error' in reply) job.reject(new Error(`receipt not rendered: ${reply.error}`));
    else job.resolve(Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength));
  });
  // A thread that failed or ended answers nothing more: its receipts fail, the next one starts a new thread.
  worker.on('error', (error) => current.lose(error));
  worker.on('exit', (code) => current.lose(new Error(`the receipt thread ended (exit code ${code})`)));
  thread = current;
  return current;
}

/**
 * How long one receipt may take on the thread (tens of ms normally, a few hundred on a loaded box).
 * Past it the receipt is stuck (a text fontkit cannot finish with): its transaction and pool
 * connection, and every receipt queued behind it, would wait for ever while the process looked
 * healthy. It fails instead, with what was queued behind it, and the thread is ended; the next
 * receipt starts a new one.
 */
export const RECEIPT_DEADLINE_MS = 10_000;

/** The receipt laid out and sealed with `key` on the receipt thread: the bytes renderSignedReceipt makes. */
export function renderOnThread(layout: ReceiptLayout, key: SigningKey, deadlineMs = RECEIPT_DEADLINE_MS): Promise<Buffer> {
  const current = started();
  const { worker, pending } = current;
  const id = nextId++;
  const request: RenderRequest = { id, layout, key: { privateKey: key.nodePrivateKey, certificateDer: key.certificateDer } };
  return new Promise<Buffer>((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    // The deadline counts from the moment the thread takes requests: a new thread's start has its own.
    void current.ready.then(() => {
      if (!pending.has(id)) return;
      timer = setTimeout(() => {
        if (!pending.has(id)) return;
        // A loaded machine, not a fault of the request: its transaction rolls back and it is answered
        // 503 with Retry-After (as are the receipts queued behind it), never a 500.
        current.lose(new UnavailableError(`receipt not rendered within ${deadlineMs} ms: the receipt thread is restarted`));
        void worker.terminate();
      }, deadlineMs);
    });
    const settle = () => clearTimeout(timer);
    pending.set(id, {
      resolve: (pdf) => {
        settle();
        resolve(pdf);
      },
      reject: (error) => {
        settle();
        reject(error);
      },
    });
    worker.ref();
    try {
      worker.postMessage(request);
    } catch (error) {
      // Nothing was sent (a value the thread cannot receive): nothing is waited for.
      pending.delete(id);
      settle();
      if (pending.size === 0) worker.unref();
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
