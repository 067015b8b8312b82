import { defaultServerConditions } from 'vite';
import { defineProject } from 'vitest/config';

export default defineProject({
  // Tests run the contract's TypeScript source, never a build in packages/contract/dist.
  ssr: { resolve: { conditions: ['@portal/source', ...defaultServerConditions] } },
  test: {
    name: 'api',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // One migrated PostgreSQL database per run that every test file's database is copied from.
    globalSetup: ['test/helpers/postgres-template.ts'],
    // Each file builds servers, hashes passwords (argon2id) and may create a PostgreSQL database.
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
