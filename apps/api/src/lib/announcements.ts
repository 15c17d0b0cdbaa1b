import type { Booking } from '@devstay/shared/contracts/booking';
import type { Tx } from '../db/client.ts';

/**
 * What the booking domain announces, each from one place and inside the transaction that makes
 * it true: a subscriber runs in that same transaction, so what it writes (an e-mail in the
 * outbox, a row of its own) commits with the change or not at all. A feature that reacts
 * subscribes once, by name (subscribing again under the same name replaces the handler).
 */
export interface Announcements {
  /**
   * Units of a room came free: given back to the ledger (a cancel, a lapsed hold swept, a
   * declined payment, a payment the reconciliation gave up), each night with its units; or a
   * room's stock raised, `units` more on every night from `from` (its hotel's today) on.
   */
  unitsFreed:
    | {
        cause: 'cancelled' | 'lapsed' | 'declined' | 'abandoned';
        nights: readonly { roomId: number; night: string; units: number }[];
      }
    | { cause: 'stockRaised'; roomId: number; from: string; units: number };
  /**
   * A confirmed booking was cancelled: as it was booked, by whom, what is left to refund and
   * the card it goes back to.
   */
  bookingCancelled: {
    booking: Booking;
    email: string;
    by: 'guest' | 'staff';
    refundCents: number;
    card: { brand: string | null; last4: string | null } | null;
    receiptUrl: string;
  };
}

type Kind = keyof Announcements;
type Handler<K extends Kind> = (tx: Tx, event: Announcements[K]) => Promise<void>;

const handlers: { [K in Kind]: Map<string, Handler<K>> } = {
  unitsFreed: new Map(),
  bookingCancelled: new Map(),
};

/** Subscribes `handler`, under `name`, to one kind of announcement. */
export function subscribe<K extends Kind>(kind: K, name: string, handler: Handler<K>): void {
  (handlers[kind] as Map<string, Handler<K>>).set(name, handler);
}

/** Removes the subscription `name` (a test's own). */
export function unsubscribe(kind: Kind, name: string): void {
  handlers[kind].delete(name);
}

/** Tells every subscriber, in `tx`, in the order they subscribed. */
export async function announce<K extends Kind>(
  tx: Tx,
  kind: K,
  event: Announcements[K],
): Promise<void> {
  for (const handler of (handlers[kind] as Map<string, Handler<K>>).values()) {
    await handler(tx, event);
  }
}
