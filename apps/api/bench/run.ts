/**
 * `npm run bench`: the catalogue, booking, event rush, hotel picker, stay search, session,
 * memory and channel sync benchmarks. `npm run bench -- catalogue` (or `booking`, `rush`,
 * `pickers`, `dates`, `session`, `memory`, `channels`): one of them.
 * `npm run bench -- first-start`: a new user's `npm install` and `npm start` from a clean copy
 * (run only when asked: it downloads every package). `npm run bench -- soak`: the cluster under
 * a steady mix for SOAK_MINUTES (30) through a rolling restart and a failover (only when asked:
 * it takes the machine for half an hour). `BENCH_PAIR_DIR=<another checkout> npm run bench --
 * catalogue-pair`: the hotel list of this code and of that one, interleaved.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BENCHES = [
  'catalogue',
  'booking',
  'rush',
  'pickers',
  'dates',
  'session',
  'memory',
  'channels',
] as const;
const ON_REQUEST = ['first-start', 'soak', 'catalogue-pair'] as const;
const asked = process.argv.slice(2);
const known: readonly string[] = [...BENCHES, ...ON_REQUEST];
const unknown = asked.filter((name) => !known.includes(name));
if (unknown.length > 0) {
  console.error(`unknown benchmark ${unknown.join(', ')}: choose from ${known.join(', ')}`);
  process.exit(2);
}
let failed = false;
for (const name of asked.length > 0 ? asked : BENCHES) {
  console.log(`\n── ${name} benchmark\n`);
  const run = spawnSync(
    process.execPath,
    [fileURLToPath(new URL(`./${name}.ts`, import.meta.url))],
    { stdio: 'inherit' },
  );
  if (run.status !== 0) failed = true;
}
process.exitCode = failed ? 1 : 0;
