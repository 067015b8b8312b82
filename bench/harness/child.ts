// Starts a benchmark server (bench/chat/server.ts by default; bench/scale uses its own) in its own
// Node process and reads its one "ready" line.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { dropPostgresDatabase, removeSqliteFiles } from './databases.js';
import type { BenchEngine, BenchReady } from '../chat/protocol.js';

const SERVER_FILE = fileURLToPath(new URL('../chat/server.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 15_000;

/** What every benchmark server's ready line has: the type and what to remove afterwards. */
interface ReadyLine {
  type: 'ready';
  cleanup: BenchReady['cleanup'];
}

export interface BenchChild<Ready extends ReadyLine = BenchReady> {
  ready: Ready;
  pid: number;
  /** SIGTERM (SIGKILL after 15 s), then removes the database in case the child could not. */
  stop(): Promise<void>;
}

export async function startChild<Ready extends ReadyLine = BenchReady>(
  engine: BenchEngine,
  {
    serverFile = SERVER_FILE,
    nodeOptions = [],
    startTimeoutMs = START_TIMEOUT_MS,
  }: { serverFile?: string; nodeOptions?: string[]; startTimeoutMs?: number } = {},
): Promise<BenchChild<Ready>> {
  const child: ChildProcess = spawn(process.execPath, [...nodeOptions, '--conditions=@portal/source', '--import', 'tsx', serverFile, engine], {
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
      const cleanup = ready?.cleanup;
      if (cleanup?.postgresDatabase && cleanup.adminUrl) {
        await dropPostgresDatabase(cleanup.adminUrl, cleanup.postgresDatabase).catch((error: unknown) =>
          console.error(`could not drop ${cleanup.postgresDatabase}:`, error),
        );
      }
      if (cleanup?.sqliteFile) removeSqliteFiles(cleanup.sqliteFile);
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
