import { type ChildProcess, spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestContext } from './app.js';

const mainScript = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

export interface ApiProcess {
  child: ChildProcess;
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  /** Everything the process printed so far. */
  output(): string;
  /** Resolves with the exit code (or signal) once the process ended. */
  readonly exited: Promise<number | string | null>;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
}

/**
 * Starts src/main.ts as its own OS process (as `npm start` runs the API) on the given database
 * and resolves once it listens on a free port of 127.0.0.1.
 */
// A start compiles the API's source with tsx: a few seconds alone, over half a minute beside
// Chromium and the other test workers on two busy cores. The caller's hook gives it that long.
export function startApiProcess(env: Record<string, string>, { startMs = 80_000 }: { startMs?: number } = {}): Promise<ApiProcess> {
  // The contract's source, as in every test (its package.json's @portal/source condition).
  const child = spawn(process.execPath, ['--conditions=@portal/source', '--import', 'tsx', mainScript], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      WEB_DIST: '/nonexistent/web-dist',
      // Never the repository's data/ folder: the audit key and checkpoint of a test database.
      AUDIT_KEYS_DIR: join(tmpdir(), 'portal-test-api-process-audit'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | string | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`API process did not start in time:\n${output}`)), startMs);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const address = /listening on (http:\/\/[^\s]+)/.exec(output)?.[1];
      if (address) {
        clearTimeout(timer);
        resolve({
          child,
          baseUrl: address.replace('localhost', '127.0.0.1'),
          output: () => output,
          exited,
          async stop() {
            if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
            await exited;
          },
        });
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`API process exited with ${code}:\n${output}`));
    });
  });
}

/** A second API process on the suite's PostgreSQL database, with the suite's keys (the session key sits beside the audit key). */
export function startSecondProcess(ctx: TestContext): Promise<ApiProcess> {
  if (ctx.config.database.engine !== 'postgres') throw new Error('a second process needs PostgreSQL');
  return startApiProcess({
    DATABASE_URL: ctx.config.database.url,
    // The suite's audit key and checkpoint: one chain, one key, whichever process writes.
    AUDIT_HMAC_KEY_FILE: ctx.config.audit.keyFile,
    AUDIT_CHECKPOINT_FILE: ctx.config.audit.checkpointFile,
    ...(ctx.config.jwtSecret ? { JWT_SECRET: ctx.config.jwtSecret } : {}),
  });
}
