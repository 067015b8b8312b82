// Starts a benchmark server (a server.ts of bench/chat, bench/documents or bench/scale, written with
// harness/server.ts) in its own Node process, reads its one "ready" line, and stops it.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { removeThrowAwayDatabase } from './databases.js';
import type { BenchEngine, ReadyLine } from './protocol.js';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 15_000;

export interface BenchChild<Ready extends ReadyLine> {
  ready: Ready;
  pid: number;
  /** SIGTERM (SIGKILL after 15 s), then removes the database in case the child could not. */
  stop(): Promise<void>;
}

/** `serverFile`: a file URL or path of the benchmark's server.ts. */
export async function startChild<Ready extends ReadyLine>(
  engine: BenchEngine,
  serverFile: URL | string,
  { nodeOptions = [], startTimeoutMs = START_TIMEOUT_MS }: { nodeOptions?: string[]; startTimeoutMs?: number } = {},
): Promise<BenchChild<Ready>> {
  const file = serverFile instanceof URL ? fileURLToPath(serverFile) : serverFile;
  const child: ChildProcess = spawn(process.execPath, [...nodeOptions, '--conditions=@portal/source', '--import', 'tsx', file, engine], {
    cwd: REPO_ROOT,
    // stdin stays open and silent: the child stops when it closes (this process died).
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, NODE_ENV: 'development' },
  });
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  const lines = createInterface({ input: child.stdout! });

  let stopping: Promise<void> | undefined;
  let ready: Ready | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
        await exited;
        clearTimeout(timer);
      }
      lines.close();
      // Normally the child already did this; "if exists" makes it harmless.
      if (ready) await removeThrowAwayDatabase(ready.cleanup);
    })());

  try {
    ready = await new Promise<Ready>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start within ${startTimeoutMs / 1000} s`)), startTimeoutMs);
      lines.once('line', (line) => {
        clearTimeout(timer);
        try {
          const parsed = JSON.parse(line) as Ready;
          if (parsed.type !== 'ready') throw new Error('not a ready line');
          resolve(parsed);
        } catch {
          reject(new Error(`unexpected first line from the server: ${line.slice(0, 300)}`));
        }
      });
      void exited.then(([code, signal]) => {
        clearTimeout(timer);
        reject(new Error(`server exited before it was ready (code ${code}, signal ${signal})`));
      });
    });
  } catch (error) {
    await stop();
    throw error;
  }
  // Anything else the server prints goes to our stderr, marked.
  lines.on('line', (line) => console.error(`[server ${engine}] ${line}`));
  return { ready, pid: child.pid ?? -1, stop };
}
