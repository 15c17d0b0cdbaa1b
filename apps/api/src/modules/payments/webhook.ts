import type { PaymentDeps } from './pay.ts';
import { settle } from './pay.ts';
import type { WebhookEvent } from './provider.ts';
import { eventApplied, findPaymentFor, recordEvent, recordRefundedTotal } from './repository.ts';

export type WebhookResult = 'applied' | 'duplicate' | 'ignored';

/**
 * Applies a verified processor event — the processor's word is the source of truth, whether or
 * not the guest's own payment call ever comes back:
 * - charge.succeeded / charge.failed: the charge's current state is fetched from the processor
 *   and settled (see `settle`): confirmed with its receipt, or the hold released, or — when the
 *   hold lapsed — the rooms taken again if free, else refunded. An event older than the state
 *   it reports (a failure after a success) changes nothing: the state is read now.
 * - charge.refunded: the refunded total is recorded.
 *
 * Each event is applied once: a delivery of an event already recorded answers `duplicate`, and
 * deliveries racing each other meet guarded transitions (pending → settled, confirmed once, one
 * receipt) that only one of them can make. The event is recorded after it is applied, so a
 * crash in between leaves it to the processor's next delivery.
 */
export async function applyWebhook(deps: PaymentDeps, event: WebhookEvent): Promise<WebhookResult> {
  if (await eventApplied(deps.db, event.id)) return 'duplicate';
  const payment = event.type === 'other' ? undefined : await findPaymentFor(deps.db, event);
  // Another system's charge on the same account, or a payment of another provider.
  const ours = payment && payment.provider === deps.provider.name ? payment : undefined;
  if (ours && event.type === 'charge.refunded') {
    await recordRefundedTotal(deps.db, ours.id, event.refundedCents ?? 0);
  } else if (ours && event.providerRef) {
    const outcome = await deps.provider.retrieve(event.providerRef);
    if (outcome) await settle(deps, ours.bookingId, outcome);
  }
  const first = await recordEvent(deps.db, {
    id: event.id,
    provider: deps.provider.name,
    type: event.type,
    paymentId: ours?.id ?? null,
  });
  if (!first) return 'duplicate';
  return ours ? 'applied' : 'ignored';
}
