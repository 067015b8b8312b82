import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TestContext } from './app.js';

const mainScript = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

export interface ApiProcess {
  child: ChildProcess;
  baseUrl: string;
  stop(): Promise<void>;
}

/** Starts src/main.ts as its own OS process and resolves with its address once it listens. */
export function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  // The contract's source, as in every test (its package.json's @portal/source condition).
  const child = spawn(process.execPath, ['--conditions=@portal/source', '--import', 'tsx', mainScript], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`API process did not start in time:\n${output}`)), 25_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const address = /listening on (http:\/\/[^\s]+)/.exec(output)?.[1];
      if (address) {
        clearTimeout(timer);
        resolve({ child, baseUrl: address.replace('localhost', '127.0.0.1'), stop });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`API process exited with ${code}:\n${output}`));
    });
  });
}

/** A second API process on the suite's PostgreSQL database, with the suite's JWT secret. */
export function startSecondProcess(ctx: TestContext): Promise<ApiProcess> {
  if (ctx.config.database.engine !== 'postgres') throw new Error('a second process needs PostgreSQL');
  return startApiProcess({
    DATABASE_URL: ctx.config.database.url,
    JWT_SECRET: ctx.config.jwtSecret,
    PORT: '0',
    HOST: '127.0.0.1',
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    WEB_DIST: '/nonexistent/web-dist',
  });
}
