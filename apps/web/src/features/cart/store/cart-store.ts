import { isCartLineKey } from '@devstay/shared/cart';
import type { ImageItem } from '@devstay/shared/contracts/common';
import { priceToCents } from '@devstay/shared/text';
import { useSyncExternalStore } from 'react';

/**
 * The key of the cart in localStorage (product §3).
 * @internal
 */
export const CART_STORAGE_KEY = 'cartRooms';

/** A cart line: the room, the stay and how many units of it (product §3, "Cart room"). */
export interface CartLine {
  id: number;
  name: string;
  image: ImageItem[];
  price: number;
  Hotels: { id: number; name: string; address: string };
  checkIn: string;
  checkOut: string;
  /** Price of the stay for one unit, in dollars. */
  totalPrice: number;
  cartQuantity: number;
  /** Guests staying in the line's units; 1 when absent. */
  guests?: number;
  /** Who stays, when the organiser books the line for someone else (a team trip). */
  traveller?: { name: string; email: string };
}

export type NewCartLine = Omit<CartLine, 'cartQuantity'>;

const EMPTY: CartLine[] = [];
let cached: { raw: string | null; lines: CartLine[] } = { raw: null, lines: EMPTY };
const listeners = new Set<() => void>();

/** A stored line the cart can show: the shared key rule plus what the cart screen displays. */
function isCartLine(value: unknown): value is CartLine {
  if (!isCartLineKey(value)) return false;
  const line = value as unknown as Record<string, unknown>;
  return (
    typeof line.name === 'string' &&
    Array.isArray(line.image) &&
    typeof line.Hotels === 'object' &&
    line.Hotels !== null &&
    Number.isFinite(line.price) &&
    Number.isFinite(line.totalPrice) &&
    (line.totalPrice as number) >= 0
  );
}

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(CART_STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * The cart as stored; anything unreadable counts as an empty cart, and bad lines are dropped.
 * @internal
 */
export function getCartLines(): CartLine[] {
  const raw = readRaw();
  if (raw === cached.raw) return cached.lines;
  let lines: CartLine[] = EMPTY;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) lines = parsed.filter(isCartLine);
  } catch {
    lines = EMPTY;
  }
  cached = { raw, lines };
  return lines;
}

function save(lines: CartLine[]): void {
  try {
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(lines));
  } catch {
    // Storage full or disabled: the cart lives only as long as this page.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === CART_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function sameStay(line: CartLine, id: number, checkIn: string, checkOut: string): boolean {
  return line.id === id && line.checkIn === checkIn && line.checkOut === checkOut;
}

/**
 * Adds `units` (1 by default) of a room for a stay. The same room with the same dates raises the
 * quantity of its line by as many (its guests become the ones given); other dates make a new
 * line. Returns the quantity of the line afterwards.
 */
export function addToCart(line: NewCartLine, units = 1): number {
  const lines = getCartLines();
  const existing = lines.find((l) => sameStay(l, line.id, line.checkIn, line.checkOut));
  if (existing) {
    const quantity = existing.cartQuantity + units;
    save(lines.map((l) => (l === existing ? { ...l, ...line, cartQuantity: quantity } : l)));
    return quantity;
  }
  save([...lines, { ...line, cartQuantity: units }]);
  return units;
}

/** Changes a line's quantity by `delta`; a line reaching 0 is removed. */
export function changeCartQuantity(target: CartLine, delta: number): number {
  const lines = getCartLines();
  const quantity = target.cartQuantity + delta;
  const match = (l: CartLine) => sameStay(l, target.id, target.checkIn, target.checkOut);
  save(
    quantity <= 0
      ? lines.filter((l) => !match(l))
      : lines.map((l) => (match(l) ? { ...l, cartQuantity: quantity } : l)),
  );
  return Math.max(0, quantity);
}

/** Sets a line's guests (at least 1; whether its units sleep them is the server's quote). */
export function setCartGuests(target: CartLine, guests: number): void {
  const match = (l: CartLine) => sameStay(l, target.id, target.checkIn, target.checkOut);
  save(getCartLines().map((l) => (match(l) ? { ...l, guests: Math.max(1, guests) } : l)));
}

/** Names who stays in a line's rooms (a team trip), or, undefined, the organiser again. */
export function setCartTraveller(target: CartLine, traveller: CartLine['traveller']): void {
  const match = (l: CartLine) => sameStay(l, target.id, target.checkIn, target.checkOut);
  save(getCartLines().map((l) => (match(l) ? { ...l, traveller } : l)));
}

export function removeFromCart(target: CartLine): void {
  save(getCartLines().filter((l) => !sameStay(l, target.id, target.checkIn, target.checkOut)));
}

export function clearCart(): void {
  save([]);
}

/** Removes the cart from this browser altogether (log out). */
export function forgetCart(): void {
  try {
    window.localStorage.removeItem(CART_STORAGE_KEY);
  } catch {
    // Storage disabled: nothing was kept.
  }
  for (const listener of listeners) listener();
}

interface CartTotals {
  quantity: number;
  /** In cents, to add money without rounding errors. */
  amountCents: number;
}

/** @internal */
export function cartTotals(lines: CartLine[]): CartTotals {
  let quantity = 0;
  let amountCents = 0;
  for (const line of lines) {
    quantity += line.cartQuantity;
    amountCents += priceToCents(line.totalPrice) * line.cartQuantity;
  }
  return { quantity, amountCents };
}

/** The cart lines, kept in sync with localStorage (also across tabs). */
export function useCartLines(): CartLine[] {
  return useSyncExternalStore(subscribe, getCartLines, () => EMPTY);
}

/** Total quantity of rooms in the cart: the navigation bar's badge. */
export function useCartQuantity(): number {
  return cartTotals(useCartLines()).quantity;
}
