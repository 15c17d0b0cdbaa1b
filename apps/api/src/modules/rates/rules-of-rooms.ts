import type { PricingRule, RateKind } from '@devstay/shared/rates';
import { and, asc, eq, gte, inArray, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { roomRates } from '../../db/schema.ts';

/**
 * The rate rules of each room of `roomIds` that can price a night of [from, to) (`to` excluded,
 * like a check-out): every weekday rule, and the seasons reaching into those nights. Every room
 * asked about has an entry, empty when no rule reaches them. The one read of rules for pricing:
 * the quote, the price list and the hotel cards all call it.
 */
export async function rulesOfRooms(
  db: Executor,
  roomIds: readonly number[],
  from: string,
  to: string,
): Promise<Map<number, PricingRule[]>> {
  const ids = [...new Set(roomIds)];
  const byRoom = new Map<number, PricingRule[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byRoom;
  const rows = await db
    .select({
      roomId: roomRates.roomId,
      kind: roomRates.kind,
      from: roomRates.firstNight,
      to: roomRates.lastNight,
      weekdays: roomRates.weekdays,
      priceCents: roomRates.priceCents,
    })
    .from(roomRates)
    .where(
      and(
        inArray(roomRates.roomId, ids),
        or(
          eq(roomRates.kind, 'weekdays'),
          and(gte(roomRates.lastNight, from), lt(roomRates.firstNight, to)),
        ),
      ),
    )
    .orderBy(asc(roomRates.id));
  for (const { roomId, ...rule } of rows) {
    byRoom.get(roomId)?.push({ ...rule, kind: rule.kind as RateKind });
  }
  return byRoom;
}
