import { defineConfig } from 'vitest/config';

// Every integration test runs on a fresh in-memory PGlite, and again on a real PostgreSQL
// when TEST_DATABASE_URL is set (CI sets it).
const databases = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export default defineConfig({
  test: {
    projects: databases.map((db) => ({
      test: {
        name: db,
        include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
        env: { TEST_DB: db },
        testTimeout: 30_000,
        hookTimeout: 60_000,
      },
    })),
  },
});
