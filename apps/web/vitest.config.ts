import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

/** The web app's own logic (stores, hooks, components) in a simulated DOM; no server needed. */
export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
});
