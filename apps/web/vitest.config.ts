import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  // The contract's TypeScript source, never a build in packages/contract/dist (its package.json).
  resolve: { conditions: ['@portal/source', ...defaultClientConditions] },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // One jsdom and one module load per worker process instead of per file (two thirds of the web
    // tests' CPU time went to that); src/test/setup.ts resets the DOM, storage, language, timers
    // and mocks after every test, and the files pass in any order (checked with --sequence.shuffle).
    isolate: false,
    // A lazy page's first import in a worker waits up to 10 s on a busy 2-core CI machine (the
    // finds that wait for it say so); vitest's 5 s default ended such a test before its own find did.
    testTimeout: 15_000,
  },
});
