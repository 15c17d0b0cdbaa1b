import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'packages/shared/src/**/*.test.ts',
      'packages/demo-data/src/**/*.test.ts',
      'apps/api/src/**/*.test.ts',
    ],
    globalSetup: ['apps/api/src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
