import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Our machines have no Docker engine (issue 22), so the image is never built here: these are the
// properties the issue asks of it that can be read from the file, each one a mistake that would
// only show on the first real build or in production.
const dockerfile = readFileSync(fileURLToPath(new URL('../../Dockerfile', import.meta.url)), 'utf8');
const instructions = dockerfile
  .replace(/\\\n/g, ' ')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line !== '' && !line.startsWith('#'));
const stages = instructions.reduce<string[][]>((all, line) => (line.startsWith('FROM ') ? [...all, [line]] : all.length ? [...all.slice(0, -1), [...all.at(-1)!, line]] : all), []);
const runtime = stages.at(-1) ?? [];

describe('the Dockerfile', () => {
  it('builds in one stage and runs in another that copies only what it needs from the build', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(runtime.some((line) => /^COPY --from=build .*apps\/api\/dist/.test(line))).toBe(true);
    expect(runtime.some((line) => /^COPY --from=build .*apps\/web\/dist/.test(line))).toBe(true);
    expect(runtime.some((line) => /^COPY (?!--from)/.test(line)), 'the runtime stage copies sources from the context').toBe(false);
  });

  it('installs with the command our lock file allows: npm ci refuses it (see .ci/run)', () => {
    const installs = instructions.filter((line) => /^RUN .*\bnpm (ci|install|i|clean-install)\b/.test(line));
    expect(installs.length).toBeGreaterThan(0);
    for (const line of installs) expect(line).not.toMatch(/\bnpm (ci|clean-install)\b/);
    expect(readFileSync(fileURLToPath(new URL('../../.ci/run', import.meta.url)), 'utf8')).toMatch(/^npm install --no-audit --no-fund$/m);
  });

  it('runs the compiled server as a user that is not root, with a health check on /healthz', () => {
    const users = runtime.filter((line) => line.startsWith('USER '));
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^USER (root|0)(:|$)/);
    expect(runtime.find((line) => line.startsWith('HEALTHCHECK '))).toMatch(/\/healthz/);
    expect(runtime.find((line) => line.startsWith('CMD '))).toMatch(/"node", "apps\/api\/dist\/main\.js"/);
    expect(runtime.find((line) => line.startsWith('STOPSIGNAL '))).toBe('STOPSIGNAL SIGTERM');
  });
});
