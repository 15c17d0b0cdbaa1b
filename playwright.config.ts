import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './scripts/chromium.ts';

// Run through `npm run test:e2e`, which starts the server and finds Chromium.
export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Two cores run the server, PostgreSQL, two browsers and axe at once: a minute per test.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '.test-reports/e2e.json' }]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    browserName: 'chromium',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
  },
});
