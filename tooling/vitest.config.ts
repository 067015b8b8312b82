import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'tooling',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // ESLint with the type-aware import graph parses the files a planted import reaches.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
