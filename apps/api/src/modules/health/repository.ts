import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * Whether this process's database answers as a primary within `timeoutMs`: a standby (read
 * only) or no answer means writes would fail, so the process is not ready for traffic.
 */
export async function primaryReachable(db: Db, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const asked = db
    .execute<{ standby: boolean }>(sql`select pg_is_in_recovery() as standby`)
    .then((result) => result.rows[0]?.standby === false)
    .catch(() => false);
  try {
    return await Promise.race([asked, late]);
  } finally {
    clearTimeout(timer);
  }
}
