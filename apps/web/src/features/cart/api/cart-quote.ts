import { type CartLineKey, lineGuests } from '@devstay/shared/cart';
import type { CartQuote } from '@devstay/shared/contracts/booking';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api.ts';

/** What the server needs of a cart line: the room, the stay, how many, the guests (never a price). */
function cartLineKeys(lines: readonly CartLineKey[]): CartLineKey[] {
  return lines.map((line) => ({
    id: line.id,
    checkIn: line.checkIn,
    checkOut: line.checkOut,
    cartQuantity: line.cartQuantity,
    guests: lineGuests(line),
  }));
}

function fetchCartQuote(lines: readonly CartLineKey[], signal?: AbortSignal): Promise<CartQuote> {
  return apiJson<CartQuote>('/cart/quote', { body: { cartRoom: cartLineKeys(lines) }, signal });
}

/**
 * The server's prices and availability for these lines (product §4: totals are recomputed after
 * every change). Keyed by the lines, so a quantity change asks again; the previous answer stays
 * on screen meanwhile.
 */
export function useCartQuote(lines: readonly CartLineKey[], enabled = true) {
  const keys = cartLineKeys(lines);
  return useQuery({
    queryKey: ['cart', 'quote', keys],
    queryFn: ({ signal }) => fetchCartQuote(keys, signal),
    enabled: enabled && keys.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { errorTitle: 'Could not check the cart' },
  });
}

/** The quote's line for a stored line (same room and dates), if the quote has it. */
export function quoteLineOf(
  quote: CartQuote | undefined,
  line: CartLineKey,
): CartQuote['cartRoom'][number] | undefined {
  return quote?.cartRoom.find(
    (q) => q.id === line.id && q.checkIn === line.checkIn && q.checkOut === line.checkOut,
  );
}
