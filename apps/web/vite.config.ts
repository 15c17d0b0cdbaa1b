import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { themeStylesheet } from './src/app/theme-stylesheet.ts';
import { apiProxy } from './src/dev-server-proxy.ts';

const api = process.env.API_URL ?? 'http://localhost:3000';
const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** react-router publishes its development build by default; production bundles take the lean one. */
const reactRouterProduction = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

/**
 * React DOM makes five sentinel errors when its module is evaluated: thrown and compared by
 * identity, never shown. While a debugging client is attached (DevTools, Lighthouse, Playwright),
 * V8 records a detailed stack for every error created, so the first of them makes it re-parse
 * each function on the stack for source positions: React DOM's module and the whole first-load
 * chunk, 40–130 ms on this project's test machine, all inside the first long task. Made with
 * Error's prototype but without its constructor, they carry no stack and cost nothing.
 */
const REACT_DOM_SENTINEL = /\b(\w+Exception = )Error\((formatProdErrorMessage\(\d+\))\)/g;

function stacklessReactSentinels(): Plugin {
  return {
    name: 'devstay-stackless-react-sentinels',
    apply: 'build',
    transform(code, id) {
      if (!id.endsWith('/react-dom/cjs/react-dom-client.production.js')) return null;
      let count = 0;
      const rewritten = code.replace(REACT_DOM_SENTINEL, (_, declaration, message) => {
        count += 1;
        return `${declaration}Object.create(Error.prototype, { message: { value: ${message} } })`;
      });
      // A React release that names them differently must not silently bring the cost back.
      if (count === 0) this.error('React DOM sentinel errors not found: update REACT_DOM_SENTINEL');
      return { code: rewritten, map: null };
    },
  };
}

const THEME_STYLESHEET = 'virtual:theme.css';

/** `virtual:theme.css`: the theme's CSS variables and responsive classes (src/app/theme-stylesheet.ts). */
function themeStylesheetModule(): Plugin {
  return {
    name: 'devstay-theme-stylesheet',
    resolveId: (id) => (id === THEME_STYLESHEET ? `\0${THEME_STYLESHEET}` : null),
    load: (id) => (id === `\0${THEME_STYLESHEET}` ? themeStylesheet() : null),
  };
}

/**
 * The site has one colour scheme, light: Mantine's rules for its dark scheme can never apply
 * and would only be parsed on every page load.
 */
const DARK_SCHEME = /\[data-mantine-color-scheme=(?:dark|'dark'|"dark")\]/;
const lightSchemeOnly = {
  postcssPlugin: 'devstay-light-scheme-only',
  Rule(rule: { selectors: string[]; remove(): void }) {
    const kept = rule.selectors.filter((selector) => !DARK_SCHEME.test(selector));
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  },
};

/**
 * Writes a gzip (level 9) and a Brotli copy beside every text file of the build: the server
 * sends them as they are, smaller than what it could compress per request. Brotli quality 11
 * for what every first visit loads (the entries, what they import statically, their styles,
 * index.html), 10 for the screens loaded later: quality 11 of all of them was a third of a
 * first start's web build (3.3 s of CPU against 1.2 s at 10, for files 1.8 % larger).
 * Compressed on libuv's threads, all at once.
 */
function precompress(): Plugin {
  return {
    name: 'devstay-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const firstLoad = new Set(['index.html']);
      const visit = (name: string) => {
        const output = bundle[name];
        if (!output || firstLoad.has(name)) return;
        firstLoad.add(name);
        if (output.type !== 'chunk') return;
        for (const css of output.viteMetadata?.importedCss ?? []) firstLoad.add(css);
        for (const imported of output.imports) visit(imported);
      };
      for (const [name, output] of Object.entries(bundle)) {
        if (output.type === 'chunk' && output.isEntry) visit(name);
      }
      const texts = Object.keys(bundle).filter((name) => /\.(?:js|css|html|svg|json)$/.test(name));
      await Promise.all(
        texts.map(async (name) => {
          const file = path.join(dir, name);
          const data = await readFile(file);
          if (data.length < 1024) return;
          const quality = firstLoad.has(name) ? 11 : 10;
          const [gzipped, brotli] = await Promise.all([
            gzipAsync(data, { level: 9 }),
            brotliAsync(data, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: quality,
                [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
          ]);
          await Promise.all([writeFile(`${file}.gz`, gzipped), writeFile(`${file}.br`, brotli)]);
        }),
      );
    },
  };
}

export default defineConfig(({ mode, isSsrBuild }) => ({
  // The server render's bundle (dist-server) is read from disk by the API: no compressed copies.
  plugins: [
    react(),
    themeStylesheetModule(),
    stacklessReactSentinels(),
    isSsrBuild ? null : precompress(),
  ],
  css: { postcss: { plugins: [lightSchemeOnly] } },
  resolve: {
    alias:
      mode === 'production' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  server: {
    port: 5173,
    // Forwarded as the API's own origin: the API trusts no development port (dev-server-proxy.ts).
    proxy: { '/api': apiProxy(api), '/uploads': apiProxy(api) },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // Every browser the es2022 target runs on preloads modules natively but Safari 16, which
    // only fetches them a little later without it: the polyfill is not worth its first-load bytes.
    modulePreload: { polyfill: false },
    // Which files each screen needs: the server links a server-rendered screen's styles and code
    // from its page (apps/api/src/web-app.ts).
    manifest: !isSsrBuild,
    rolldownOptions: {
      // Only the modules of a barrel file that are imported are compiled: @tabler/icons-react's
      // index re-exports some 6,000 icons, which made 8,000 modules of a build (1,400 without).
      experimental: { lazyBarrel: true },
      output: {
        // Everything the first screen needs in one file: one request, better compression.
        // Screens loaded later keep their own chunks.
        codeSplitting: { groups: [{ name: 'first-load', tags: ['$initial'] }] },
      },
    },
  },
}));
