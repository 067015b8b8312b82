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
    // One worker process runs many files: each file still builds its own servers and databases,
    // but Fastify, Kysely, pdf-lib, the mail templates and the rest are loaded once per worker
    // instead of once per file (that loading was over half of the API tests' CPU time).
    isolate: false,
    // Each file builds servers, hashes passwords (argon2id) and may create a PostgreSQL database.
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
