// What a page's main thread did after its first contentful paint, read from a Chromium trace:
// the tasks' observed (wall) time, and the CPU time the thread really ran in them. On a busy
// host a task's wall time includes the time the thread waited for a core; Lighthouse's default
// (simulated) throttling multiplies that wall time by its CPU slowdown, so the waiting counts
// four times in its blocking time. The CPU time is the page's own work.

/** A trace event, as far as this reads it (durations and times in microseconds). */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** The thread's CPU time in the event. */
  tdur?: number;
}

export interface MainThreadWork {
  /** The main thread's top-level tasks begun at or after the first contentful paint. */
  tasks: number;
  wallMs: number;
  cpuMs: number;
  /** Σ max(0, slowdown × wall − 50 ms): blocking time as a slowdown of the observed tasks. */
  blockingFromWallMs: number;
  /** Σ max(0, slowdown × CPU − 50 ms): the same, from the CPU time the tasks took. */
  blockingFromCpuMs: number;
}

/** A task longer than this blocks input (Lighthouse's and the web's long-task threshold). */
const LONG_TASK_MS = 50;

/** The main thread's work after the first contentful paint; undefined without a paint. */
export function mainThreadWork(events: TraceEvent[], slowdown = 4): MainThreadWork | undefined {
  const paint = events
    .filter((e) => e.name === 'firstContentfulPaint')
    .sort((a, b) => a.ts - b.ts)[0];
  if (!paint) return undefined;
  const runs = events
    .filter(
      (e) =>
        e.name === 'RunTask' &&
        e.ph === 'X' &&
        e.pid === paint.pid &&
        e.tid === paint.tid &&
        e.dur !== undefined,
    )
    .sort((a, b) => a.ts - b.ts);
  const work: MainThreadWork = {
    tasks: 0,
    wallMs: 0,
    cpuMs: 0,
    blockingFromWallMs: 0,
    blockingFromCpuMs: 0,
  };
  let end = 0;
  for (const task of runs) {
    // A task run inside another (a nested message loop) is part of that one.
    if (task.ts < end) continue;
    end = task.ts + (task.dur ?? 0);
    if (task.ts < paint.ts) continue;
    const wall = (task.dur ?? 0) / 1000;
    const cpu = (task.tdur ?? task.dur ?? 0) / 1000;
    work.tasks += 1;
    work.wallMs += wall;
    work.cpuMs += cpu;
    work.blockingFromWallMs += Math.max(0, slowdown * wall - LONG_TASK_MS);
    work.blockingFromCpuMs += Math.max(0, slowdown * cpu - LONG_TASK_MS);
  }
  return work;
}
