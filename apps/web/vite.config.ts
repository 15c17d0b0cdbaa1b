import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.API_URL ?? 'http://localhost:3000';

/** react-router publishes its development build by default; production bundles take the lean one. */
const reactRouterProduction = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

export default defineConfig(({ mode }) => ({
  plugins: [react()],
  resolve: {
    alias:
      mode === 'production' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  server: {
    port: 5173,
    proxy: { '/api': api, '/uploads': api },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // Every browser the es2022 target runs on preloads modules natively but Safari 16, which
    // only fetches them a little later without it: the polyfill is not worth its first-load bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Everything the first screen needs in one file: one request, better compression.
        // Screens loaded later keep their own chunks.
        codeSplitting: { groups: [{ name: 'first-load', tags: ['$initial'] }] },
      },
    },
  },
}));
