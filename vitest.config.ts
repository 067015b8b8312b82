import { defineConfig } from 'vitest/config';

// One Vitest run for every workspace; each project keeps its own environment and set-up.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/api', 'apps/web', 'tooling'],
  },
});
