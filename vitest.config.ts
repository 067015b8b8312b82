import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One Vitest run for every workspace; each project keeps its own environment and set-up.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/api', 'apps/web', 'tooling'],
    // Vitest's default is one worker fewer than the cores: a single worker on our 2-core CI machines,
    // which leaves a core idle while API tests wait on PostgreSQL, child processes and argon2.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
