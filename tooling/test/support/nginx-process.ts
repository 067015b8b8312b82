import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

/** Starts Debian's nginx on `dir`/nginx.conf and resolves once `readyUrl` answers 200 (10 s at most). */
export async function startNginx(dir: string, readyUrl: string): Promise<ChildProcess> {
  const nginx = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'inherit'] });
  const deadline = Date.now() + 10_000;
  while ((await fetch(readyUrl).then((response) => response.status, () => 0)) !== 200) {
    if (nginx.exitCode !== null || Date.now() > deadline) throw new Error(`nginx did not start (exit ${nginx.exitCode}; see ${dir})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return nginx;
}

/** Stops an nginx `startNginx` started, if it still runs. */
export async function stopNginx(nginx: ChildProcess | undefined): Promise<void> {
  if (nginx?.exitCode !== null || !nginx) return;
  const ended = new Promise((resolve) => nginx.once('exit', resolve));
  nginx.kill('SIGTERM');
  await ended;
}
