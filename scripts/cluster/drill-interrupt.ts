// Interrupt drill: the rolling-restart drill gets SIGINT in its whole process group, as Ctrl+C
// in its terminal sends it, while an API process is being started again. Bars: it exits by
// itself with a non-zero code (not ended by the signal, which would have stopped nothing), and
// nothing it started is left: no process group its processes.json listed at any moment, no process running from its cluster's folder (Patroni, PostgreSQL, etcd, HAProxy).
// What is left is then stopped here. Exits non-zero when a bar is not met.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { takeOverStopSignals } from '../../apps/api/src/db/embedded.ts';
import { ROOT } from '../web-build.ts';
import { runningFrom, verdict } from './drill.ts';
import { sleep } from './load.ts';
import type { ProcessRecord } from './processes.ts';

/** The drill's folder (drill.ts, drillCluster) and the line that says a restart is under way. */
const dir = path.join(ROOT, '.data/cluster-drill-rolling');
const MOMENT = /api1 ended .*: starting it again/;
const SIGNAL = 'SIGINT';
/** The longest the drill may take to stop its cluster (the nodes' grace is 30 s each). */
const STOP_TIMEOUT_MS = 120_000;

const groupAlive = (pgid: number) => {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
};

const runningFromFolder = () => runningFrom(dir);

const listed = new Map<number, string>();
const readTable = () => {
  const file = path.join(dir, 'processes.json');
  if (!existsSync(file)) return;
  try {
    for (const r of JSON.parse(readFileSync(file, 'utf8')) as ProcessRecord[]) {
      listed.set(r.pid, r.name);
    }
  } catch {
    // Being rewritten.
  }
};

const drill = spawn(
  process.execPath,
  [path.join(ROOT, 'scripts/cluster/drill-rolling-restart.ts')],
  {
    cwd: ROOT,
    // A process group of its own, as a terminal's job: the signal goes to all of it.
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
// Stopped by hand, this stops the drill the same way (it runs in a group of its own).
takeOverStopSignals();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => process.kill(-(drill.pid as number), signal));
}
const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
  drill.once('exit', (code, signal) => resolve({ code, signal })),
);
let signalledAt: number | undefined;
let pending = '';
drill.stdout.on('data', (chunk: Buffer) => {
  process.stdout.write(chunk);
  pending += chunk.toString();
  const lines = pending.split('\n');
  pending = lines.pop() ?? '';
  if (signalledAt === undefined && lines.some((line) => MOMENT.test(line))) {
    readTable();
    signalledAt = performance.now();
    console.log(`>> ${SIGNAL} to the drill's process group`);
    process.kill(-(drill.pid as number), SIGNAL);
  }
});

let done = false;
void exited.then(() => {
  done = true;
});
// Every process the table lists while the drill runs (an API process started again has a new pid).
while (!done) {
  readTable();
  await sleep(100);
  if (signalledAt !== undefined && performance.now() - signalledAt > STOP_TIMEOUT_MS) break;
}
const stoppedMs = signalledAt === undefined ? 0 : performance.now() - signalledAt;
const ended = done ? await exited : undefined;
if (!ended) process.kill(-(drill.pid as number), 'SIGKILL');

const leftGroups = [...listed].filter(([pid]) => groupAlive(pid));
const leftInFolder = runningFromFolder();
for (const [pid, name] of leftGroups) console.log(`left running: ${name} (process group ${pid})`);
for (const p of leftInFolder) console.log(`left running: pid ${p.pid}: ${p.args.slice(0, 160)}`);
const exitCode = ended?.code ?? (ended?.signal ? `signal ${ended.signal}` : 'none');
console.log(
  `${listed.size} processes listed while it ran; exit ${exitCode}${signalledAt === undefined ? '' : ` ${(stoppedMs / 1000).toFixed(1)} s after ${SIGNAL}`}`,
);
verdict([
  [`${SIGNAL} sent during the rolling restart`, signalledAt !== undefined],
  [`the drill exited within ${STOP_TIMEOUT_MS / 1000} s of it`, ended !== undefined],
  // Ended by the signal itself (exit code null) is what a drill that stopped nothing does.
  [
    `it exited by itself with a non-zero code (${exitCode})`,
    ended !== undefined && ended.code !== null && ended.code !== 0,
  ],
  [`no process group it listed is left (${leftGroups.length})`, leftGroups.length === 0],
  [`no process runs from its folder (${leftInFolder.length})`, leftInFolder.length === 0],
]);

// What is left stopped, so that a failed run leaves nothing behind either.
for (const [pid] of leftGroups) process.kill(-pid, 'SIGTERM');
for (const p of leftInFolder) {
  try {
    process.kill(p.pid, 'SIGTERM');
  } catch {}
}
if (leftGroups.length + leftInFolder.length > 0) {
  await sleep(10_000);
  for (const [pid] of leftGroups) if (groupAlive(pid)) process.kill(-pid, 'SIGKILL');
  for (const p of runningFromFolder()) process.kill(p.pid, 'SIGKILL');
}
