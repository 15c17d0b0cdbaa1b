import type { Db } from '@devstay/api/db/client';
import { hotels, users } from '@devstay/api/db/schema';
import { createPasswordAccount, EmailInUseError } from '@devstay/api/modules/auth/accounts';
import { asc, eq } from 'drizzle-orm';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts.ts';

/**
 * Creates the demo accounts that are missing (verified e-mails, password DEMO_PASSWORD); the
 * admin runs the first hotel by id. Existing accounts are left as they are. The server calls it
 * unless it runs in production without DEMO_ACCOUNTS=true.
 */
export async function ensureDemoAccounts(db: Db): Promise<void> {
  const [firstHotel] = await db
    .select({ id: hotels.id })
    .from(hotels)
    .orderBy(asc(hotels.id))
    .limit(1);
  for (const demo of DEMO_ACCOUNTS) {
    const [existing] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, demo.email));
    if (existing) continue;
    try {
      await createPasswordAccount(db, {
        email: demo.email,
        password: DEMO_PASSWORD,
        rol: demo.rol,
        hotelId: demo.rol === 'admin' ? (firstHotel?.id ?? null) : null,
        emailVerified: true,
        name: demo.name,
        firstName: demo.firstName,
        lastname: demo.lastname,
      });
    } catch (error) {
      // Another process created it between the look-up and the insert.
      if (!(error instanceof EmailInUseError)) throw error;
    }
  }
}
