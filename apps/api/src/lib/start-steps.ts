/**
 * What a start spends its time on: one line per step as it ends, e.g.
 * `DevStay start: PostgreSQL ready in 1.2 s (a new cluster)`. Steps may overlap; each line
 * gives its own duration. `npm run bench -- first-start` places them on a timeline.
 */
export type StartLog = (step: string, startedAt: number, detail?: string) => void;

/** Prints the steps at log level info and below; quiet above it. */
export function startLog(level = 'info'): StartLog {
  if (['silent', 'fatal', 'error', 'warn'].includes(level)) return () => {};
  return (step, startedAt, detail) => {
    const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
    console.log(`DevStay start: ${step} in ${seconds} s${detail ? ` (${detail})` : ''}`);
  };
}
