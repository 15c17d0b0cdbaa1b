/**
 * A cart line as the browser keeps it (product §3, "Cart room"): which room, for which stay, how
 * many units, how many guests. Checked without zod so the first load of the web app stays small; the zod form for
 * the API is `cartLineKey` in contracts/cart.ts, and a test keeps the two in agreement.
 */
import { isIsoDate } from './calendar-date.ts';
import { GUESTS_MAX, STOCK_MAX } from './constants.ts';

export interface CartLineKey {
  /** The room's id. */
  id: number;
  /** yyyy-MM-dd */
  checkIn: string;
  /** yyyy-MM-dd, after checkIn */
  checkOut: string;
  cartQuantity: number;
  /** Guests staying in the line's units; 1 when absent (a line kept before guests were asked). */
  guests?: number;
  /** Who stays, when the organiser books for someone else (a team trip); checked by the API. */
  traveller?: { name: string; email: string };
}

function isPositiveInt(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

function isDate(value: unknown): value is string {
  return typeof value === 'string' && isIsoDate(value);
}

/** The guests of a line: 1 when it names none. */
export const lineGuests = (line: Pick<CartLineKey, 'guests'>): number => line.guests ?? 1;

/** Guests `units` of a room sleeping `capacity` each take at most: the one rule of a line's guests. */
export const unitsSleep = (units: number, capacity: number): number => units * capacity;

/** The least capacity a room needs for `units` of it to sleep `guests` (unitsSleep's rule). */
export const capacityFor = (guests: number, units: number): number => Math.ceil(guests / units);

/** Guests as the screens write them: "1 guest", "3 guests". */
export const guestsText = (guests: number): string =>
  `${guests} ${guests === 1 ? 'guest' : 'guests'}`;

/** A traveller as kept in the browser: two strings (their rules are the API's `traveller`). */
function isTravellerShape(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const t = value as Record<string, unknown>;
  return typeof t.name === 'string' && typeof t.email === 'string';
}

/** Whether a stored value is a usable cart line: anything else (tampered, older shape) is dropped. */
export function isCartLineKey(value: unknown): value is CartLineKey {
  if (typeof value !== 'object' || value === null) return false;
  const line = value as Record<string, unknown>;
  return (
    isPositiveInt(line.id) &&
    isDate(line.checkIn) &&
    isDate(line.checkOut) &&
    line.checkIn < line.checkOut &&
    isPositiveInt(line.cartQuantity) &&
    line.cartQuantity <= STOCK_MAX &&
    (line.guests === undefined || (isPositiveInt(line.guests) && line.guests <= GUESTS_MAX)) &&
    (line.traveller === undefined || isTravellerShape(line.traveller))
  );
}
