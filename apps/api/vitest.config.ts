import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // Each file builds servers, hashes passwords (argon2id) and may create a PostgreSQL database.
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
