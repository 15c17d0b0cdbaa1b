import { httpsRequest } from './tls.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls `check` until it answers true; throws naming `what` after `timeoutMs`, or at once once
 * `signal` is aborted (the wait is no longer wanted: the cluster stops).
 */
export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs: number,
  everyMs = 250,
  signal?: AbortSignal,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (signal?.aborted) throw new Error(`${what}: no longer waited for`);
    if (Date.now() > until) throw new Error(`${what}: not after ${timeoutMs / 1000} s`);
    await sleep(everyMs);
  }
}

/**
 * The status of a GET (0 when nothing answered within `timeoutMs`). An https URL is one of the
 * cluster's parts: verified against its CA, the operator's certificate presented (tls.ts).
 */
export async function statusOf(url: string, timeoutMs = 2000): Promise<number> {
  try {
    if (url.startsWith('https:')) return (await httpsRequest(url, { timeoutMs })).status;
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}
