import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 34 point 17: the production dependency tree is whole, as an operator's `npm ls --omit=dev`
// checks it. `--all` looks at every level: @hookform/resolvers (web) names optional peers (ajv 8,
// ajv-formats 2) that the hoisted ajv 6 (ESLint's) and ajv-formats 3 (Fastify's) do not meet; the
// resolvers we use (zod) load neither, and the root package.json's `overrides` say so.

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

describe('the production dependencies', () => {
  it('form a whole tree: `npm ls --omit=dev --all` exits 0', () => {
    let output = '';
    let status = 0;
    try {
      execFileSync('npm', ['ls', '--omit=dev', '--all'], { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
    } catch (error) {
      const failed = error as { status?: number; stderr?: string };
      status = failed.status ?? -1;
      output = failed.stderr ?? '';
    }
    expect(output.split('\n').filter((line) => line.startsWith('npm error')), 'npm ls --omit=dev --all').toEqual([]);
    expect(status).toBe(0);
  });
});
