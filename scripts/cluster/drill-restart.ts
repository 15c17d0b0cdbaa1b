// Restart drill: `npm run cluster` itself, on one folder, ended four ways in turn under bookings
// and started again on its own data each time: after a failover (then SIGTERM to npm's process
// alone, as a container runtime sends it), after a clean stop (SIGINT to its process group, as
// Ctrl+C), after a power loss (SIGKILL to every process at once) and after a failover during a
// stop (the primary killed and SIGTERM two seconds later). Bars, each time: it stops leaving no
// process (none listed in processes.json alive, none running from its folder), it serves again
// (every API process in the balancer), with a primary, and every booking confirmed so far is
// there, paid and on the ledger, no night overbooked. Exits non-zero otherwise.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';
import { takeOverStopSignals } from '../../apps/api/src/db/embedded.ts';
import { ROOT } from '../web-build.ts';
import { type ClusterAccess, clusterAccess } from './cluster.ts';
import {
  bookingsAgain,
  checkBookings,
  freshDrillDir,
  ledgerBars,
  refusedWritesMs,
  runningFrom,
  seconds,
  verdict,
} from './drill.ts';
import { CROWD_LIMITS, Load, sleep } from './load.ts';
import { leftovers, type ProcessRecord } from './processes.ts';
import { clusterSettings } from './settings.ts';

/** The longest a start may take (three nodes, an election after a power loss, a rewind, the API). */
const START_TIMEOUT_MS = 300_000;
/** The longest a stop may take (the API's drain, each node's 30 s grace). */
const STOP_TIMEOUT_MS = 120_000;

const dir = freshDrillDir('restart');
const settings = clusterSettings(process.env, { dir });
const env = {
  ...process.env,
  CLUSTER_DIR: dir,
  ...CROWD_LIMITS,
  AUTH_RATE_LIMIT: 'false',
  LOG_LEVEL: 'warn',
};

/** One `npm run cluster`, in a process group of its own as a terminal's job. */
class ClusterCommand {
  readonly child: ChildProcess;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  readonly serving: Promise<number>;
  readonly startedAt = performance.now();

  constructor() {
    this.child = spawn('npm', ['run', 'cluster'], {
      cwd: ROOT,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.exited = new Promise((resolve) =>
      this.child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    let pending = '';
    this.serving = new Promise<number>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        pending += chunk.toString();
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) {
          if (line.trim()) console.log(`  | ${line}`);
          if (line.includes('is serving')) resolve(performance.now() - this.startedAt);
        }
      };
      this.child.stdout?.on('data', onData);
      this.child.stderr?.on('data', onData);
      void this.exited.then(({ code, signal }) =>
        reject(new Error(`npm run cluster ended before serving (${signal ?? `exit ${code}`})`)),
      );
      setTimeout(
        () => reject(new Error(`not serving after ${START_TIMEOUT_MS / 1000} s`)),
        START_TIMEOUT_MS,
      ).unref();
    });
    this.serving.catch(() => {});
  }

  get pid() {
    return this.child.pid as number;
  }

  /** When it was told to stop. */
  stopSentAt = 0;

  /** `signal` to npm's process alone, or to its whole group (as a terminal sends Ctrl+C). */
  signal(signal: NodeJS.Signals, group: boolean) {
    this.stopSentAt ||= performance.now();
    try {
      process.kill(group ? -this.pid : this.pid, signal);
    } catch {}
  }

  /**
   * How long the cluster took to stop once told to: npm exited (it may before the cluster's own
   * process, which then stops the rest) and nothing of the cluster runs. Undefined when not
   * within the stop's timeout.
   */
  async exit(): Promise<number | undefined> {
    const until = this.stopSentAt + STOP_TIMEOUT_MS;
    // A timer that keeps the drill alive no longer than the stop.
    const timeout = new Promise<undefined>((resolve) => {
      setTimeout(resolve, STOP_TIMEOUT_MS, undefined).unref();
    });
    const ended = await Promise.race([this.exited, timeout]);
    if (!ended) return undefined;
    while (leftovers(dir).length + runningFrom(dir).length > 0) {
      if (performance.now() > until) return undefined;
      await sleep(100);
    }
    return performance.now() - this.stopSentAt;
  }
}

const records = (): ProcessRecord[] =>
  JSON.parse(readFileSync(path.join(dir, 'processes.json'), 'utf8')) as ProcessRecord[];

/** SIGKILL to the group of the node Patroni reports as primary: its machine dies. */
async function killPrimary(access: ClusterAccess) {
  const node = await access.primary();
  const record = records().find((r) => r.name === node?.name);
  if (!node || !record) throw new Error('no primary to kill');
  const killedAt = performance.now();
  process.kill(-record.pid, 'SIGKILL');
  return { node, killedAt };
}

interface Ending {
  name: string;
  /** Ends the running cluster under `load`, stops the load; says what happened and its bars. */
  end(
    run: ClusterCommand,
    access: ClusterAccess,
    load: Load,
  ): Promise<{ what: string; bars?: [string, boolean][] }>;
}

const endings: Ending[] = [
  {
    name: 'after a failover, then SIGTERM to npm',
    async end(run, access, load) {
      const { node, killedAt } = await killPrimary(access);
      const back = await bookingsAgain(load, killedAt);
      const promoted = await access.primary();
      await load.stop();
      run.signal('SIGTERM', false);
      return {
        what: `${node.name} killed; bookings again ${back === undefined ? 'never' : `${seconds(back - killedAt)} s`} after, on ${promoted?.name ?? 'no primary'} (writes refused ${seconds(refusedWritesMs(load, killedAt))} s); SIGTERM to npm (pid ${run.pid})`,
        bars: [
          [
            `a failover: another node promoted (${node.name} → ${promoted?.name ?? 'none'}), bookings again`,
            back !== undefined && promoted !== undefined && promoted.name !== node.name,
          ],
        ],
      };
    },
  },
  {
    name: 'after a clean stop (SIGINT to the group, as Ctrl+C)',
    async end(run, _access, load) {
      await load.stop();
      run.signal('SIGINT', true);
      return { what: `SIGINT to npm's process group` };
    },
  },
  {
    name: 'after a power loss (SIGKILL to every process at once)',
    async end(run, _access, load) {
      const groups = records().map((r) => r.pid);
      run.signal('SIGKILL', true);
      for (const pgid of groups) {
        try {
          process.kill(-pgid, 'SIGKILL');
        } catch {}
      }
      await load.stop();
      return {
        what: `SIGKILL to npm's process group and the ${groups.length} of the cluster under bookings`,
      };
    },
  },
  {
    name: 'after a failover during a stop',
    async end(run, access, load) {
      const { node } = await killPrimary(access);
      await sleep(2000);
      run.signal('SIGTERM', false);
      await load.stop();
      return { what: `${node.name} (the primary) killed under bookings, SIGTERM to npm 2 s later` };
    },
  },
];

let run = new ClusterCommand();
// Stopped by hand, the drill stops its cluster as Ctrl+C would, then exits.
const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
takeOverStopSignals(signals);
let aborting = false;
for (const signal of signals) {
  process.on(signal, () => {
    if (aborting) return;
    aborting = true;
    console.error(`${signal}: stopping the cluster`);
    run.signal('SIGINT', true);
    void run.exit().finally(() => process.exit(128 + constants.signals[signal]));
  });
}

const bars: [string, boolean][] = [];
const figures: string[] = [];
const confirmed: string[] = [];
try {
  const firstStart = await run.serving;
  figures.push(`first start: serving after ${seconds(firstStart)} s`);
  const access = clusterAccess(settings);
  const prepared = await Load.prepare(access, 8, 20);
  for (const ending of endings) {
    const load = new Load(access.base, settings.publicUrl);
    load.book(prepared.guests, prepared.rooms);
    await sleep(6000);
    const before = (await access.primary())?.name ?? 'none';
    const { what, bars: endingBars = [] } = await ending.end(run, access, load);
    bars.push(
      ...endingBars.map(([bar, held]): [string, boolean] => [`${ending.name}: ${bar}`, held]),
    );
    const stoppedMs = await run.exit();
    confirmed.push(...load.confirmed);
    const left = leftovers(dir);
    const inFolder = runningFrom(dir);
    for (const r of left) console.log(`left running: ${r.name} (pid ${r.pid})`);
    for (const p of inFolder) console.log(`left running: pid ${p.pid}: ${p.args.slice(0, 160)}`);
    bars.push([
      `${ending.name}: stopped within ${STOP_TIMEOUT_MS / 1000} s, nothing left (${left.length} listed, ${inFolder.length} from its folder)`,
      stoppedMs !== undefined && left.length === 0 && inFolder.length === 0,
    ]);
    if (stoppedMs === undefined) break;

    run = new ClusterCommand();
    const startMs = await run.serving.catch((error: unknown) => {
      console.error(error);
      return undefined;
    });
    bars.push([`${ending.name}: serving again`, startMs !== undefined]);
    if (startMs === undefined) break;
    const after = (await access.primary())?.name ?? 'none';
    const check = await checkBookings(access, confirmed);
    figures.push(
      `${ending.name}: ${what}; ${load.confirmed.length} bookings confirmed meanwhile (${confirmed.length} in all); stopped in ${seconds(stoppedMs)} s; primary ${before} before, ${after} after; serving again after ${seconds(startMs)} s; ${check.kept} of ${confirmed.length} confirmed bookings there`,
    );
    console.log(figures.at(-1));
    bars.push(
      [
        `${ending.name}: every confirmed booking there, paid, on the ledger (${check.kept}/${confirmed.length})`,
        check.kept === confirmed.length && load.confirmed.length > 0,
      ],
      ...ledgerBars(check).map(([bar, held]): [string, boolean] => [
        `${ending.name}: ${bar}`,
        held,
      ]),
    );
  }
} catch (error) {
  console.error(error);
  bars.push(['the drill ran to its end', false]);
} finally {
  // The last stop is timed from here, whatever was sent before.
  run.stopSentAt = 0;
  run.signal('SIGINT', true);
  const stoppedMs = await run.exit();
  bars.push([
    `stopped at the end, nothing left`,
    stoppedMs !== undefined && leftovers(dir).length === 0,
  ]);
}
for (const line of figures) console.log(line);
verdict(bars);
