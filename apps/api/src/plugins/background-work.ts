import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';

/**
 * Work a process does besides answering requests (releasing lapsed holds, delivering mail,
 * sweeping unused uploads), registered with the app as routes are: it starts when the app is
 * ready and stops when it closes, so every app — a server's, a test's — runs the same work, and
 * a closed app leaves no timer behind. Each piece is safe to run in every process at once (row
 * locks, SKIP LOCKED, leases), so nothing here elects a single runner.
 *
 * Two shapes:
 * - periodic: `run` every `intervalMs` (the wait counted from the end of the previous run, so
 *   runs never overlap); a failed run is logged and tried again next time;
 * - long-running: `start` returns something to `stop` (the mail worker's own loop, which wakes
 *   on demand and renews its claims' leases).
 */
type BackgroundWork =
  | { name: string; intervalMs: number; run: () => Promise<unknown> }
  | { name: string; start: () => { stop(): Promise<void> } };

declare module 'fastify' {
  interface FastifyInstance {
    /** Adds work the app runs from `ready` to `close` (see plugins/background-work.ts). */
    registerWorker(work: BackgroundWork): void;
    /** The names of the work running now (none before `ready`, after `close` or when off). */
    readonly workersRunning: readonly string[];
  }
}

export interface BackgroundWorkOptions {
  /** False: the work is registered but never started (a test driving it by hand). */
  run: boolean;
}

interface Running {
  name: string;
  stop(): Promise<void>;
}

function startPeriodic(
  work: Extract<BackgroundWork, { intervalMs: number }>,
  log: FastifyBaseLogger,
): Running {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> = Promise.resolve();
  const next = () => {
    timer = setTimeout(() => {
      current = work
        .run()
        .catch((error: unknown) =>
          log.warn({ err: error, worker: work.name }, 'background work failed'),
        )
        .finally(() => {
          if (!stopped) next();
        });
    }, work.intervalMs);
  };
  next();
  return {
    name: work.name,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}

export const backgroundWork: FastifyPluginAsync<BackgroundWorkOptions> = async (app, options) => {
  const registered: BackgroundWork[] = [];
  let running: Running[] = [];
  let closed = false;
  app.decorate('registerWorker', (work: BackgroundWork) => {
    if (registered.some((w) => w.name === work.name)) {
      throw new Error(`background work "${work.name}" is registered twice`);
    }
    registered.push(work);
  });
  app.decorate('workersRunning', {
    getter: () => running.map((r) => r.name),
  });
  app.addHook('onReady', async () => {
    if (!options.run || closed) return;
    running = registered.map((work) => {
      if (!('start' in work)) return startPeriodic(work, app.log);
      const started = work.start();
      return { name: work.name, stop: () => started.stop() };
    });
  });
  // Stopped before the database pool closes (the caller ends it after `close`): a run in
  // flight finishes first.
  app.addHook('onClose', async () => {
    closed = true;
    const stopping = running;
    running = [];
    await Promise.all(stopping.map((r) => r.stop()));
  });
};

// Share the application's context (what fastify-plugin does): every module registers here.
Object.assign(backgroundWork, { [Symbol.for('skip-override')]: true });
