// `npm test`: lint (and the web's import layers), dead code, type-check, unit + API integration tests (real
// PostgreSQL), then end-to-end tests in Chromium. Stops at the first failing step; ends with one
// summary line.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './web-build.ts';

const bin = (name: string) => path.join(ROOT, 'node_modules/.bin', name);
const results = path.join(ROOT, '.test-reports');
rmSync(results, { recursive: true, force: true });

const steps: [string, string, string[]][] = [
  // Biome also fails on an import cycle in apps/api or packages/shared (biome.json overrides).
  ['lint', bin('biome'), ['check', '.']],
  [
    'web layers',
    process.execPath,
    [bin('depcruise'), 'apps/web/src', '--config', 'apps/web/.dependency-cruiser.cjs'],
  ],
  // knip (knip.jsonc): no file, export or dependency that nothing uses.
  ['dead code', bin('knip'), ['--no-progress']],
  // Again from the production entries alone: no code that only tests, benches or drills use.
  ['dead code: production', bin('knip'), ['--no-progress', '--production']],
  ['types: shared', bin('tsc'), ['-p', 'packages/shared']],
  ['types: api', bin('tsc'), ['-p', 'apps/api']],
  ['types: web', bin('tsc'), ['-p', 'apps/web']],
  ['types: e2e', bin('tsc'), ['-p', 'e2e']],
  [
    'unit and API tests',
    bin('vitest'),
    ['run', '--reporter=default', '--reporter=json', '--outputFile.json=.test-reports/unit.json'],
  ],
  ['end-to-end tests', process.execPath, ['scripts/e2e.ts']],
  // The build the end-to-end tests served: its first load within the web's budget.
  ['first-load budget', process.execPath, ['apps/web/scripts/first-load.ts']],
];

interface Report {
  numPassedTests?: number;
  numFailedTests?: number;
  stats?: { expected?: number; flaky?: number; unexpected?: number };
}

function counts(file: string, read: (report: Report) => [number, number]): [number, number] {
  const full = path.join(results, file);
  if (!existsSync(full)) return [0, 0];
  return read(JSON.parse(readFileSync(full, 'utf8')));
}

function summary() {
  const unit = counts('unit.json', (j) => [j.numPassedTests ?? 0, j.numFailedTests ?? 0]);
  const e2e = counts('e2e.json', (j) => [
    (j.stats?.expected ?? 0) + (j.stats?.flaky ?? 0),
    j.stats?.unexpected ?? 0,
  ]);
  console.log(
    `\nunit/API: ${unit[0]} passed, ${unit[1]} failed; end-to-end: ${e2e[0]} passed, ${e2e[1]} failed`,
  );
  console.log(`Tests: ${unit[0] + e2e[0]} passed, ${unit[1] + e2e[1]} failed`);
}

for (const [name, command, args] of steps) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const run = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  console.log(
    `  ${name}: ${run.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (run.status !== 0) {
    summary();
    process.exit(run.status ?? 1);
  }
}
summary();
