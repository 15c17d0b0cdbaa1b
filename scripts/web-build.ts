// Builds the web app when its build is missing or older than its sources (used by start and e2e).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
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

/** Builds when stale; true when it built. */
export function buildWebIfStale(): boolean {
  if (!webBuildIsStale()) return false;
  console.log('Building the web app…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@devstay/web'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('The web app did not build');
  return true;
}
