import { defineConfig } from 'vitest/config';

// The fault suite starts real server processes, kills them and cuts their database, so it runs
// once (not per database project), one file at a time, with time for processes to start.
export default defineConfig({
  test: {
    name: 'faults',
    include: ['test/faults/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 240_000,
    hookTimeout: 60_000,
  },
});
