import { defineProject } from 'vitest/config';

export default defineProject({
  // Pure schemas and functions, no state between files: one module load per worker, not per file.
  test: { name: 'contract', environment: 'node', include: ['test/**/*.test.ts'], isolate: false },
});
