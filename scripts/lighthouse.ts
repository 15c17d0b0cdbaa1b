// `npm run lighthouse`: Lighthouse's mobile preset (default simulated throttling) on /home and a
// hotel page of the real server (throwaway embedded PostgreSQL, demo seed, free port), three runs
// each. Prints the scores and LCP/TBT/CLS of every run and their median, and the load average:
// on a busy machine the performance figures move with it. LIGHTHOUSE_RUNS changes the number of
// runs; LIGHTHOUSE_REPORT_DIR keeps each run's full JSON report there.
//
// Two readings put each score in context. Each run reports its main thread's tasks after the
// first paint by wall time and by CPU time, and the blocking time each gives at Lighthouse's 4×
// (`main-thread.ts`): where the two differ, the thread was waiting for a core, which the score
// counts as the page's work. And each page is also audited with its JavaScript blocked (the
// server-rendered document alone): the score this machine gives a page without any script.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { errorMessage } from '@devstay/shared/error-message';
import { freePort } from '../apps/api/src/lib/free-port.ts';
import { ensureChromium } from './chromium.ts';
import { type MainThreadWork, mainThreadWork, type TraceEvent } from './main-thread.ts';
import { buildWebIfStale, ROOT } from './web-build.ts';

/**
 * Lighthouse and its Chrome launcher live in scripts/lighthouse (their own package and lockfile),
 * installed there the first time this runs and again when that lockfile changes: the project's
 * `npm install` leaves out their 200 packages, which neither `npm start` nor `npm test` uses.
 */
function ensureLighthouse(): NodeJS.Require {
  const dir = path.join(ROOT, 'scripts/lighthouse');
  const installed = path.join(dir, 'node_modules/.package-lock.json');
  if (
    !existsSync(installed) ||
    statSync(installed).mtimeMs < statSync(path.join(dir, 'package-lock.json')).mtimeMs
  ) {
    console.log('Installing Lighthouse into scripts/lighthouse (npm ci)…');
    const npm = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'inherit' });
    if (npm.status !== 0) throw new Error('Lighthouse could not be installed (npm ci)');
  }
  return createRequire(path.join(dir, 'package.json'));
}

/** The parts of Lighthouse's result this script reads. */
interface LighthouseResult {
  lhr: {
    runtimeError?: { message: string };
    categories: Record<string, { score: number | null } | undefined>;
    audits: Record<
      string,
      { id: string; score: number | null; scoreDisplayMode: string; numericValue?: number }
    >;
    environment: { benchmarkIndex: number };
  };
  artifacts: { Trace: { traceEvents: unknown[] } };
}
type Lighthouse = (
  url: string,
  flags: Record<string, unknown>,
) => Promise<LighthouseResult | undefined>;
type LaunchChrome = (options: {
  chromePath: string;
  chromeFlags: string[];
}) => Promise<{ port: number; kill(): void }>;

const lighthouseTools = ensureLighthouse();
const load = (name: string) => import(pathToFileURL(lighthouseTools.resolve(name)).href);
const lighthouse = (await load('lighthouse')).default as Lighthouse;
const launch = (await load('chrome-launcher')).launch as LaunchChrome;

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const chromePath = ensureChromium();
buildWebIfStale();

const work = await mkdtemp(path.join(tmpdir(), 'devstay-lighthouse-'));
await chmod(work, 0o755); // the postgres system user must reach its data folder
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const server: ChildProcess = spawn(process.execPath, ['scripts/start.ts'], {
  cwd: ROOT,
  stdio: ['ignore', 'inherit', 'inherit'],
  env: {
    ...process.env,
    SKIP_WEB_BUILD: '1',
    NODE_ENV: 'production',
    // The audited pages are the catalogue's; no payment is taken.
    PAYMENTS_TEST_PROCESSOR: 'true',
    AUTH_SECRET: randomBytes(32).toString('base64'),
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    PG_PORT: String(await freePort()),
    PG_DATA_DIR: path.join(work, 'pg'),
    UPLOADS_DIR: path.join(work, 'uploads'),
    DATABASE_URL: '',
  },
});

async function waitForServer(timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error('The server exited before it was ready');
    try {
      const res = await fetch(`${baseUrl}/api/hotels?pageSize=1`);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`The server did not answer within ${timeoutMs} ms`);
}

interface Run {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's measure of this machine's speed at that moment (its 4× CPU slowdown assumes ≈ 1,000 to 2,000+). */
  benchmarkIndex: number;
  mainThread?: MainThreadWork;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

function line(label: string, r: Run) {
  const work = r.mainThread;
  const thread = work
    ? `  after FCP: tasks ${Math.round(work.wallMs)} ms, CPU ${Math.round(work.cpuMs)} ms; ×4 blocking ${Math.round(work.blockingFromWallMs)} ms, from CPU ${Math.round(work.blockingFromCpuMs)} ms`
    : '';
  return `${label.padEnd(8)} perf ${String(r.performance).padStart(3)}  a11y ${String(r.accessibility).padStart(3)}  best ${String(r.bestPractices).padStart(3)}  LCP ${(r.lcpMs / 1000).toFixed(2)} s  TBT ${Math.round(r.tbtMs)} ms  CLS ${r.cls.toFixed(3)}  benchmarkIndex ${Math.round(r.benchmarkIndex)}${thread}`;
}

/** The page's own scripts (the build's assets); blocked for the reading without JavaScript. */
const SCRIPTS = '*/assets/*.js';

async function audit(url: string, withoutScripts = false): Promise<Run> {
  const chrome = await launch({ chromePath, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      blockedUrlPatterns: withoutScripts ? [SCRIPTS] : [],
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    if (process.env.LIGHTHOUSE_REPORT_DIR) {
      const name = `${new URL(url).pathname.replace(/\W+/g, '-')}-${Date.now()}.json`;
      writeFileSync(path.join(process.env.LIGHTHOUSE_REPORT_DIR, name), JSON.stringify(result.lhr));
    }
    if (result.lhr.runtimeError) console.log(`  runtime error: ${result.lhr.runtimeError.message}`);
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    const failing = Object.values(audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
      .map((a) => a.id);
    if (failing.length > 0) console.log(`  below 90: ${failing.join(', ')}`);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      lcpMs: value('largest-contentful-paint'),
      tbtMs: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      benchmarkIndex: result.lhr.environment.benchmarkIndex,
      mainThread: mainThreadWork(result.artifacts.Trace.traceEvents as TraceEvent[]),
    };
  } finally {
    chrome.kill();
  }
}

let status = 0;
try {
  await waitForServer(180_000);
  const [first] = (await (await fetch(`${baseUrl}/api/hotels?pageSize=1`)).json()) as {
    id: number;
  }[];
  const pages = [
    ['/home', `${baseUrl}/home`],
    ['hotel', `${baseUrl}/hotel/${first?.id ?? 1}`],
  ] as const;
  for (const [name, url] of pages) {
    console.log(`\n${name}: ${url}`);
    const series = { app: [] as Run[], document: [] as Run[] };
    // Interleaved, so that both readings meet the machine in the same state.
    for (let i = 1; i <= RUNS; i++) {
      for (const kind of ['app', 'document'] as const) {
        const attempt = () => audit(url, kind === 'document');
        let run = await attempt();
        // A run Lighthouse could not record (e.g. NO_NAVSTART) has no figures: it is run again.
        for (let retry = 0; Number.isNaN(run.tbtMs) && retry < 2; retry++) run = await attempt();
        series[kind].push(run);
        const label = kind === 'app' ? `run ${i}` : `  no JS`;
        console.log(line(label, run), ` (load ${loadAverage()})`);
      }
    }
    for (const kind of ['app', 'document'] as const) {
      const runs = series[kind];
      const pick = (key: Exclude<keyof Run, 'mainThread'>) => median(runs.map((r) => r[key]));
      const work = (key: keyof MainThreadWork) =>
        median(runs.map((r) => r.mainThread?.[key] ?? Number.NaN));
      console.log(
        line(kind === 'app' ? 'median' : 'no JS, median', {
          performance: pick('performance'),
          accessibility: pick('accessibility'),
          bestPractices: pick('bestPractices'),
          lcpMs: pick('lcpMs'),
          tbtMs: pick('tbtMs'),
          cls: pick('cls'),
          benchmarkIndex: pick('benchmarkIndex'),
          mainThread: {
            tasks: work('tasks'),
            wallMs: work('wallMs'),
            cpuMs: work('cpuMs'),
            blockingFromWallMs: work('blockingFromWallMs'),
            blockingFromCpuMs: work('blockingFromCpuMs'),
          },
        }),
      );
    }
  }
  console.log(
    `\nload average: ${loadAverage()} (${process.env.LIGHTHOUSE_RUNS ?? 3} runs per page)`,
  );
} catch (error) {
  console.error(errorMessage(error));
  status = 1;
} finally {
  if (server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  }
  await rm(work, { recursive: true, force: true });
}
process.exit(status);
