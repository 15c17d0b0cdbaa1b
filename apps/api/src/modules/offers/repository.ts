import type { Db } from '../../db/client.ts';
import { offerSubscribers } from '../../db/schema.ts';

export interface Subscription {
  email: string;
  /** False when the address had already signed up (nothing changes then). */
  created: boolean;
}

/**
 * Records an e-mail address for the hotel deals e-mails; signing up twice is harmless. Runs on
 * the given executor so a caller can extend the sign-up inside its own transaction.
 */
export async function subscribeToOffers(
  db: Pick<Db, 'insert'>,
  email: string,
): Promise<Subscription> {
  const inserted = await db
    .insert(offerSubscribers)
    .values({ email })
    .onConflictDoNothing({ target: offerSubscribers.email })
    .returning({ email: offerSubscribers.email });
  return { email, created: inserted.length > 0 };
}
