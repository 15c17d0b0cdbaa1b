/**
 * Test-only crash points: with NODE_ENV=test and CRASH_AT naming a point, the process kills
 * itself with SIGKILL when it reaches that point — no shutdown hook, no finally block, no
 * reply — so the crash tests stop a real server at an exact step of the booking flow and check
 * what a restarted server makes of the database it left. Ignored outside tests (config.ts
 * refuses CRASH_AT there).
 */
export const CRASH_POINTS = [
  /** Checkout committed the pending booking (units held); the reply is not sent. */
  'after-hold',
  /** The payment row is written; the processor has not been called. */
  'before-charge',
  /** The processor captured the charge; the outcome is not recorded. */
  'after-charge',
] as const;
export type CrashPoint = (typeof CRASH_POINTS)[number];

export function crashPoint(point: CrashPoint): void {
  if (process.env.NODE_ENV === 'test' && process.env.CRASH_AT === point) {
    process.kill(process.pid, 'SIGKILL');
  }
}
