// Builds the web app when its build is missing or older than its sources (used by start and e2e).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(ROOT, 'apps/web');
const builtIndex = path.join(web, 'dist/index.html');
/** The server's render of the public screens, built after the browser's bundle. */
const builtServerRender = path.join(web, 'dist-server/entry-server.js');

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(entry)) {
    newest = Math.max(newest, newestMtime(path.join(entry, name)));
  }
  return newest;
}

export function webBuildIsStale(): boolean {
  if (!existsSync(builtIndex) || !existsSync(builtServerRender)) return true;
  const sources = ['src', 'index.html', 'public', 'vite.config.ts', 'package.json']
    .map((p) => path.join(web, p))
    .concat(path.join(ROOT, 'packages/shared/src'));
  return Math.max(...sources.map(newestMtime)) > statSync(builtIndex).mtimeMs;
}

/**
 * The build's environment: always a production bundle, whatever NODE_ENV the caller runs under
 * (under a test runner's `test`, Vite would bundle React's development builds, 212 kB).
 */
const BUILD_ENV = { ...process.env, NODE_ENV: 'production' };

/** Builds when stale; true when it built. */
export function buildWebIfStale(): boolean {
  if (!webBuildIsStale()) return false;
  console.log('Building the web app…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@devstay/web'], {
    cwd: ROOT,
    env: BUILD_ENV,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('The web app did not build');
  return true;
}

/**
 * The builds of `npm run build -w @devstay/web` (its package.json): the browser's bundle in
 * `dist` and the server's render in `dist-server`. Neither reads the other's output.
 */
const VITE_BUILDS = [
  ['build'],
  ['build', '--ssr', 'src/entry-server.tsx', '--outDir', 'dist-server'],
];

/**
 * Both builds at once, each in a child process, while the caller goes on (`npm start`: while
 * PostgreSQL starts and the demo pictures are drawn). What they print is shown only when one
 * fails. Call when webBuildIsStale().
 */
export async function buildWeb(): Promise<void> {
  const vite = path.join(
    path.dirname(createRequire(path.join(web, 'package.json')).resolve('vite/package.json')),
    'bin/vite.js',
  );
  await Promise.all(
    VITE_BUILDS.map(
      (args) =>
        new Promise<void>((resolve, reject) => {
          const child = spawn(process.execPath, [vite, ...args], {
            cwd: web,
            env: BUILD_ENV,
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          let output = '';
          const read = (chunk: Buffer) => {
            output = (output + chunk.toString()).slice(-20_000);
          };
          child.stdout.on('data', read);
          child.stderr.on('data', read);
          child.on('error', reject);
          child.on('close', (code) => {
            if (code === 0) resolve();
            else
              reject(new Error(`The web app did not build (vite ${args.join(' ')}):\n${output}`));
          });
        }),
    ),
  );
}
