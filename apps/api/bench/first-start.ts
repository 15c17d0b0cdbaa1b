/**
 * First start (`npm run bench -- first-start`): what a new user waits for on a brand-new
 * machine, measured from a clean copy.
 *
 * 1. Clones this repository's HEAD (or BENCH_REVISION) into a temporary folder (what is
 *    committed: no node_modules, no `.data`, no web build) and runs `npm install` there with an
 *    empty npm cache (a new folder; BENCH_NPM_CACHE=warm: the machine's own).
 * 2. Runs `npm start` there on free ports, its data in the copy's `.data` and the machine-wide
 *    cache of drawn demo pictures in an empty temporary folder, and asks for /home every 100 ms
 *    until it answers 200 with the demo hotels; then every picture the page shows, in each size
 *    of its srcset, must answer 200 as WebP (fetched six at a time, as a browser does): the first
 *    page is the page with its pictures. Then it waits for the rest of the demo pictures, which
 *    may still be drawn after the first page, and reports when they were all in.
 * 3. Prints the install, the steps the start logs as they end (`DevStay start: … in N s`) on
 *    the timeline from `npm start`, the first page, and the CPU time the install and the start
 *    took (every process of each, from /proc: load on a shared machine stretches wall time, not
 *    CPU time). Then stops the server as an operator does (SIGTERM), checks its PostgreSQL
 *    stopped too, and removes the copy.
 *
 * Targets: `npm install` ≤ 60 s with an empty cache, the first page ≤ 15 s after `npm start`.
 * Environment: BENCH_RUNS (1): clean copies in a row; BENCH_NPM_CACHE (empty | warm);
 * BENCH_REVISION (HEAD): the commit to try; BENCH_KEEP=1 keeps the last copy and its start log.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildDemoPlan } from '@devstay/demo-data/demo-plan';
import { errorMessage } from '@devstay/shared/error-message';
import { TOTAL_COUNT_HEADER } from '@devstay/shared/http';
import { freePort } from '../src/lib/free-port.ts';

const INSTALL_TARGET_S = 60;
const FIRST_PAGE_TARGET_S = 15;
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 1));
const WARM_NPM_CACHE = process.env.BENCH_NPM_CACHE === 'warm';
const KEEP = process.env.BENCH_KEEP === '1';
/** A start that has not served its first page by then has failed. */
const START_DEADLINE_MS = 10 * 60_000;
/** A step line of the start log: `DevStay start: PostgreSQL ready in 1.2 s (a new cluster)`. */
const STEP_LINE = /^DevStay start: (.+?) in (\d+(?:\.\d+)?) s(?: \((.*)\))?$/;
/** The demo hotels' names (the pages show them in title case). */
const DEMO_HOTELS = buildDemoPlan('2030-01-01').hotels.map((h) => h.name.toLowerCase());

const REPO = spawnSync('git', ['rev-parse', '--show-toplevel'], {
  cwd: path.dirname(fileURLToPath(import.meta.url)),
  encoding: 'utf8',
}).stdout.trim();
const REVISION = spawnSync('git', ['rev-parse', '--verify', process.env.BENCH_REVISION ?? 'HEAD'], {
  cwd: REPO,
  encoding: 'utf8',
}).stdout.trim();
if (!REVISION) throw new Error(`no commit ${process.env.BENCH_REVISION}`);

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * The environment of a new user's shell: nothing `npm run bench` adds (npm's own settings, this
 * checkout's node_modules/.bin on the PATH) and none of this project's settings.
 */
function userEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  const projectSettings = new Set([
    'DATABASE_URL',
    'PG_DATA_DIR',
    'PG_PORT',
    'PORT',
    'HOST',
    'PUBLIC_URL',
    'UPLOADS_DIR',
    'WEB_DIST_DIR',
    'AUTH_SECRET',
    'AUTH_SECRET_FILE',
    'SKIP_WEB_BUILD',
    'NODE_ENV',
    'LOG_LEVEL',
    'DEMO_ACCOUNTS',
    'INIT_CWD',
  ]);
  for (const [name, value] of Object.entries(process.env)) {
    if (/^npm_/i.test(name) || name.startsWith('S3_') || projectSettings.has(name)) continue;
    env[name] = value;
  }
  env.PATH = (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((dir) => !dir.includes(`${path.sep}node_modules${path.sep}`))
    .join(path.delimiter);
  return env;
}

// ── CPU time from /proc (Linux): a process's own and its waited-for children's.

const TICKS_PER_SECOND = Number(
  spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim() || 100,
);

interface ProcStat {
  pid: number;
  ppid: number;
  /** utime + stime, in ms. */
  own: number;
  /** cutime + cstime: children that ended and were waited for, in ms. */
  children: number;
}

async function procStat(pid: number | 'self'): Promise<ProcStat | undefined> {
  try {
    const text = await readFile(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: the fields after it start past its ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const tick = (i: number) => (Number(fields[i]) * 1000) / TICKS_PER_SECOND;
    return {
      pid: pid === 'self' ? process.pid : pid,
      ppid: Number(fields[1]),
      own: tick(11) + tick(12),
      children: tick(13) + tick(14),
    };
  } catch {
    return undefined;
  }
}

/** CPU ms of `root` and every process under it, alive or ended (an ended one counts in its parent). */
async function treeCpuMs(root: number): Promise<number> {
  const all: ProcStat[] = [];
  for (const name of await readdir('/proc').catch(() => [])) {
    if (!/^\d+$/.test(name)) continue;
    const stat = await procStat(Number(name));
    if (stat) all.push(stat);
  }
  const inTree = new Set([root]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const p of all) {
      if (!inTree.has(p.pid) && inTree.has(p.ppid)) {
        inTree.add(p.pid);
        grew = true;
      }
    }
  }
  return all.filter((p) => inTree.has(p.pid)).reduce((sum, p) => sum + p.own + p.children, 0);
}

/** The packages an install put in node_modules (its own record of them). */
async function packagesIn(copy: string): Promise<number> {
  const lock = JSON.parse(
    await readFile(path.join(copy, 'node_modules/.package-lock.json'), 'utf8'),
  ) as { packages: Record<string, { link?: boolean }> };
  return Object.entries(lock.packages).filter(([where, p]) => where && !p.link).length;
}

/** Bytes of every file under `dir`. */
async function bytesUnder(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return total;
}

// ── One clean copy.

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const read = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('close', (code) => resolve({ code, output }));
  });
}

interface Step {
  name: string;
  detail?: string;
  /** ms after `npm start`. */
  from: number;
  to: number;
}

interface Outcome {
  installMs: number;
  installCpuMs: number;
  /** Packages in node_modules. */
  installedPackages: number;
  /** What the install put in the empty npm cache (tarballs and metadata). */
  downloadedBytes?: number;
  steps: Step[];
  listeningMs?: number;
  firstPageMs: number;
  /** When the page itself came, before its pictures. */
  pageHtmlMs: number;
  startCpuMs: number;
  pictures: number;
  hotels: number;
  loadBefore: string;
  loadAfterInstall: string;
  loadAfterStart: string;
}

/** The picture files the page shows: each `src` and every size of each `srcSet`. */
function picturesOf(html: string): string[] {
  const urls = new Set<string>();
  for (const [, src] of html.matchAll(/<img\b[^>]*?\bsrc="([^"]+)"/g)) if (src) urls.add(src);
  for (const [, set] of html.matchAll(/\bsrcSet="([^"]+)"/gi)) {
    for (const candidate of set?.split(',') ?? []) {
      const url = candidate.trim().split(/\s+/)[0];
      if (url) urls.add(url);
    }
  }
  return [...urls].filter((u) => u.startsWith('/uploads/'));
}

/** Picture files fetched at once, as a browser fetches from one HTTP/1.1 server. */
const FETCHES_AT_ONCE = 6;

/**
 * /home with the demo hotels and every picture it shows, or why not yet. `served` is called once
 * the page and its pictures have come (`htmlMs`: when the page itself came).
 */
async function firstPage(
  base: string,
  startedAt: number,
  served: (htmlMs: number) => Promise<void>,
): Promise<{ pictures: number; hotels: number } | string> {
  const home = await fetch(`${base}/home`).catch(errorMessage);
  if (typeof home === 'string') return home;
  if (home.status !== 200) return `/home ${home.status}`;
  const html = await home.text();
  const lower = html.toLowerCase();
  const shown = DEMO_HOTELS.filter((name) => lower.includes(`alt="${name}, hotel"`)).length;
  if (shown === 0) return '/home shows no demo hotel';
  const htmlMs = performance.now() - startedAt;
  const pictures = picturesOf(html);
  const queue = [...pictures];
  const fetcher = async () => {
    for (let url = queue.shift(); url; url = queue.shift()) {
      const picture = await fetch(base + url);
      await picture.arrayBuffer();
      if (picture.status !== 200 || picture.headers.get('content-type') !== 'image/webp') {
        throw new Error(`${url}: ${picture.status} ${picture.headers.get('content-type')}`);
      }
    }
  };
  await Promise.all(Array.from({ length: FETCHES_AT_ONCE }, fetcher));
  await served(htmlMs);
  const list = await fetch(`${base}/api/hotels?page=1&pageSize=1`);
  await list.arrayBuffer();
  const hotels = Number(list.headers.get(TOTAL_COUNT_HEADER));
  if (hotels !== DEMO_HOTELS.length) {
    throw new Error(`${hotels} hotels listed, ${DEMO_HOTELS.length} in the demo`);
  }
  return { pictures: pictures.length, hotels };
}

function killGroup(leader: number) {
  try {
    process.kill(-leader, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

async function stopServer(start: ChildProcess, serverPid: number | undefined, log: string[]) {
  const exited = new Promise<void>((resolve) => {
    if (start.exitCode !== null || start.signalCode !== null) resolve();
    else start.once('exit', () => resolve());
  });
  // npm does not pass a SIGTERM on to its script: the server is told itself, as an operator does.
  if (serverPid) process.kill(serverPid, 'SIGTERM');
  const stopped = await Promise.race([
    exited.then(() => true),
    new Promise<false>((r) => setTimeout(() => r(false), 30_000)),
  ]);
  if (!stopped || !log.some((l) => l.includes('"msg":"stopping"'))) {
    if (start.pid) killGroup(start.pid);
    throw new Error('the server did not stop on SIGTERM');
  }
}

async function oneRun(): Promise<Outcome> {
  const work = await mkdtemp(path.join(tmpdir(), 'devstay-first-start-'));
  // PostgreSQL runs as the `postgres` user when this is root: it must reach its data folder.
  await chmod(work, 0o755);
  const copy = path.join(work, 'devstay');
  const npmCache = path.join(work, 'npm-cache');
  const temp = path.join(work, 'tmp');
  await mkdir(temp);
  const env = userEnvironment();
  const log: string[] = [];
  let kept = false;
  let start: ChildProcess | undefined;
  // Stopped by hand (Ctrl-C): nothing left running, the copy removed.
  const interrupted = async () => {
    if (start?.pid) killGroup(start.pid);
    await rm(work, { recursive: true, force: true });
    process.exit(130);
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    const clone = await run('git', ['clone', '--quiet', REPO, copy], work, env);
    if (clone.code !== 0) throw new Error(`git clone failed:\n${clone.output}`);
    const checkout = await run('git', ['checkout', '--quiet', '--detach', REVISION], copy, env);
    if (checkout.code !== 0) throw new Error(`git checkout failed:\n${checkout.output}`);

    const loadBefore = load();
    const installEnv = WARM_NPM_CACHE ? env : { ...env, npm_config_cache: npmCache };
    const cpuBefore = (await procStat('self'))?.children ?? 0;
    console.log(`  npm install in ${copy}…`);
    const installStarted = performance.now();
    const install = await run('npm', ['install'], copy, installEnv);
    const installMs = performance.now() - installStarted;
    const installCpuMs = ((await procStat('self'))?.children ?? 0) - cpuBefore;
    if (install.code !== 0) throw new Error(`npm install failed:\n${install.output}`);
    const loadAfterInstall = load();
    const installedPackages = await packagesIn(copy);
    const downloadedBytes = WARM_NPM_CACHE ? undefined : await bytesUnder(npmCache);
    console.log(`  installed in ${seconds(installMs)} (CPU ${seconds(installCpuMs)})`);

    const [port, pgPort] = [await freePort(), await freePort()];
    const base = `http://127.0.0.1:${port}`;
    console.log('  npm start…');
    const startedAt = performance.now();
    const npmStart = spawn('npm', ['start'], {
      cwd: copy,
      // An empty temporary folder: no machine-wide cache of drawn pictures.
      env: { ...env, PORT: String(port), PG_PORT: String(pgPort), TMPDIR: temp },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    start = npmStart;
    const steps: Step[] = [];
    let listeningMs: number | undefined;
    let serverPid: number | undefined;
    let partial = '';
    const read = (chunk: Buffer) => {
      const at = performance.now() - startedAt;
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        log.push(line);
        const step = STEP_LINE.exec(line.trim());
        if (step?.[1] && step[2]) {
          const ms = Number(step[2]) * 1000;
          steps.push({ name: step[1], detail: step[3], from: Math.max(0, at - ms), to: at });
        }
        if (line.includes('DevStay is serving')) {
          listeningMs = at;
          serverPid = Number(/"pid":(\d+)/.exec(line)?.[1]) || undefined;
        }
      }
    };
    npmStart.stdout.on('data', read);
    npmStart.stderr.on('data', read);
    let ended = false;
    npmStart.once('exit', () => {
      ended = true;
    });

    let page: { pictures: number; hotels: number } | undefined;
    let why = '';
    let firstPageMs = 0;
    let pageHtmlMs = 0;
    let startCpuMs = 0;
    let nextNote = 30_000;
    // The first page's time (its pictures served) and what the start cost until then.
    const served = async (htmlMs: number) => {
      firstPageMs = performance.now() - startedAt;
      pageHtmlMs = htmlMs;
      if (npmStart.pid) startCpuMs = await treeCpuMs(npmStart.pid);
    };
    while (!page) {
      if (ended) throw new Error(`npm start ended before serving:\n${log.slice(-40).join('\n')}`);
      if (performance.now() - startedAt > START_DEADLINE_MS) {
        throw new Error(`no first page after ${seconds(START_DEADLINE_MS)} (${why})`);
      }
      const answer = await firstPage(base, startedAt, served);
      if (typeof answer === 'string') {
        const waited = performance.now() - startedAt;
        if (waited > nextNote) {
          console.log(`  no first page after ${seconds(waited)}: ${answer}`);
          nextNote += 30_000;
        }
        why = answer;
        await new Promise((r) => setTimeout(r, 100));
      } else page = answer;
    }
    const loadAfterStart = load();
    // The demo pictures the first page did not show may still be drawn: until they are in.
    const allPictures = /^DevStay start: demo pictures (ready|restored) in /;
    while (!log.some((line) => allPictures.test(line.trim()))) {
      if (ended) throw new Error(`npm start ended:\n${log.slice(-40).join('\n')}`);
      if (performance.now() - startedAt > START_DEADLINE_MS) {
        throw new Error(`the demo pictures not all in after ${seconds(START_DEADLINE_MS)}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    await stopServer(npmStart, serverPid, log);
    const postgresLeft = spawnSync('pgrep', ['-f', `postgres -D ${copy}`])
      .stdout.toString()
      .trim();
    if (postgresLeft) throw new Error(`PostgreSQL still running after the stop: ${postgresLeft}`);
    if (KEEP) {
      kept = true;
      await writeFile(path.join(work, 'start.log'), log.join('\n'));
      console.log(`kept: ${work} (start.log, devstay/)`);
    }
    return {
      installMs,
      installCpuMs,
      installedPackages,
      downloadedBytes,
      steps,
      listeningMs,
      firstPageMs,
      pageHtmlMs,
      startCpuMs,
      pictures: page.pictures,
      hotels: page.hotels,
      loadBefore,
      loadAfterInstall,
      loadAfterStart,
    };
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    // A failed run leaves nothing running: npm, the server and its PostgreSQL are one group.
    if (start?.pid && start.exitCode === null && start.signalCode === null) killGroup(start.pid);
    if (!kept) await rm(work, { recursive: true, force: true });
  }
}

function report(outcome: Outcome) {
  const pad = (text: string, width: number) => text.padEnd(width);
  console.log(
    `npm install: ${seconds(outcome.installMs)} (CPU ${seconds(outcome.installCpuMs)}; ` +
      `${outcome.installedPackages} packages${outcome.downloadedBytes === undefined ? '' : `, ${(outcome.downloadedBytes / 1e6).toFixed(0)} MB downloaded`}; ` +
      `${WARM_NPM_CACHE ? "the machine's npm cache" : 'empty npm cache'}; load ${outcome.loadBefore} → ${outcome.loadAfterInstall})` +
      `${outcome.installMs / 1000 > INSTALL_TARGET_S ? `  over the ${INSTALL_TARGET_S} s target` : ''}`,
  );
  console.log('npm start, seconds after it was typed:');
  console.log(`  ${pad('step', 34)}${pad('from', 8)}${pad('to', 8)}took`);
  for (const step of [...outcome.steps].sort((a, b) => a.from - b.from)) {
    const name = step.detail ? `${step.name} (${step.detail})` : step.name;
    console.log(
      `  ${pad(name.length > 33 ? step.name : name, 34)}${pad((step.from / 1000).toFixed(1), 8)}` +
        `${pad((step.to / 1000).toFixed(1), 8)}${seconds(step.to - step.from)}`,
    );
    if (name.length > 33 && step.detail) console.log(`    ${step.detail}`);
  }
  if (outcome.listeningMs !== undefined) {
    console.log(`  ${pad('listening', 34)}${pad('', 8)}${(outcome.listeningMs / 1000).toFixed(1)}`);
  }
  console.log(
    `  first page: ${seconds(outcome.firstPageMs)} (/home with ${outcome.hotels} hotels at ` +
      `${seconds(outcome.pageHtmlMs)}, then its ${outcome.pictures} picture files, all served)` +
      `${outcome.firstPageMs / 1000 > FIRST_PAGE_TARGET_S ? `  over the ${FIRST_PAGE_TARGET_S} s target` : ''}`,
  );
  console.log(
    `  CPU of the start until then: ${seconds(outcome.startCpuMs)} (every process; ` +
      `${availableParallelism()} CPUs; load at the first page ${outcome.loadAfterStart})`,
  );
}

console.log(
  `first start of ${REVISION.slice(0, 10)} from a clean copy; machine: ${availableParallelism()} CPUs, ` +
    `load average ${load()}; ${RUNS} run${RUNS > 1 ? 's' : ''}`,
);
const outcomes: Outcome[] = [];
for (let i = 1; i <= RUNS; i++) {
  if (RUNS > 1) console.log(`\nrun ${i} of ${RUNS}`);
  const outcome = await oneRun();
  outcomes.push(outcome);
  report(outcome);
}
if (RUNS > 1) {
  const list = (pick: (o: Outcome) => number) => outcomes.map((o) => seconds(pick(o))).join(', ');
  console.log(`\nnpm install: ${list((o) => o.installMs)} (CPU ${list((o) => o.installCpuMs)})`);
  console.log(`first page: ${list((o) => o.firstPageMs)} (CPU ${list((o) => o.startCpuMs)})`);
}
