import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // One file per domain (src/server/db/schema.ts composes them for the code).
  schema: './src/server/db/schema/*.ts',
  out: './drizzle',
});
