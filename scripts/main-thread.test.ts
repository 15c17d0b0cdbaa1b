import { describe, expect, it } from 'vitest';
import { mainThreadWork, type TraceEvent } from './main-thread.ts';

const MAIN = { pid: 1, tid: 10 };
const ms = (value: number) => value * 1000;
const task = (startMs: number, wallMs: number, cpuMs: number, at = MAIN): TraceEvent => ({
  name: 'RunTask',
  ph: 'X',
  ...at,
  ts: ms(startMs),
  dur: ms(wallMs),
  tdur: ms(cpuMs),
});
const paint = (atMs: number): TraceEvent => ({
  name: 'firstContentfulPaint',
  ph: 'R',
  ...MAIN,
  ts: ms(atMs),
});

describe('mainThreadWork', () => {
  it('sums the tasks after the first paint, by wall and by CPU time', () => {
    const work = mainThreadWork([
      task(0, 80, 80), // before the paint: not counted
      paint(100),
      task(100, 25, 5), // waited 20 ms for a core: 4 × 25 = 100 ms, but 4 × 5 = 20 ms
      task(200, 10, 10), // 40 ms at 4×: not a long task either way
      task(300, 40, 30),
    ]);
    expect(work).toEqual({
      tasks: 3,
      wallMs: 75,
      cpuMs: 45,
      blockingFromWallMs: 50 + 0 + 110,
      blockingFromCpuMs: 0 + 0 + 70,
    });
  });

  it('reads only the painting thread, and a nested task as part of its parent', () => {
    const work = mainThreadWork([
      paint(0),
      task(10, 30, 20),
      task(15, 5, 5), // nested in the one above
      task(10, 100, 100, { pid: 1, tid: 11 }), // another thread
      task(10, 100, 100, { pid: 2, tid: 10 }), // another process
    ]);
    expect(work?.tasks).toBe(1);
    expect(work?.wallMs).toBe(30);
    expect(work?.blockingFromCpuMs).toBe(30);
  });

  it('applies the given slowdown, and has nothing to say without a paint', () => {
    expect(mainThreadWork([paint(0), task(0, 20, 20)], 2)?.blockingFromWallMs).toBe(0);
    expect(mainThreadWork([paint(0), task(0, 20, 20)], 4)?.blockingFromWallMs).toBe(30);
    expect(mainThreadWork([task(0, 100, 100)])).toBeUndefined();
  });
});
