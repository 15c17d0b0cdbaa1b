import { randomUUID } from 'node:crypto';
import { CSRF_HEADER, IDEMPOTENCY_KEY_HEADER } from '@devstay/shared/http';

/**
 * A guest as a real HTTP client of a running server: signs up through the form's call, keeps
 * the session cookie, and books and pays as the web app does. No test framework here: the
 * benchmark drives guests the same way.
 */
export interface HttpGuest {
  email: string;
  cookie: string;
}

export interface CartLine {
  id: number;
  checkIn: string;
  checkOut: string;
  cartQuantity: number;
}

/** The success test card (4242…), valid for two more years. */
export const SUCCESS_CARD = {
  number: '4242424242424242',
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 2,
  cvc: '123',
};

export function signUpOverHttp(
  base: string,
  origin: string,
  email: string,
  password = 'secret-123',
): Promise<HttpGuest> {
  return sessionOverHttp(base, origin, 'sign-up', email, password);
}

/** Signs an existing account in (a demo account's, staff's) and keeps its session cookie. */
export function signInOverHttp(
  base: string,
  origin: string,
  email: string,
  password: string,
): Promise<HttpGuest> {
  return sessionOverHttp(base, origin, 'sign-in', email, password);
}

async function sessionOverHttp(
  base: string,
  origin: string,
  form: 'sign-up' | 'sign-in',
  email: string,
  password: string,
): Promise<HttpGuest> {
  const res = await fetch(`${base}/api/auth/${form}/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`${form} ${res.status}: ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .filter((pair) => pair && !pair.endsWith('='))
    .join('; ');
  return { email, cookie };
}

/** A same-site POST with the guest's session and an idempotency key. */
export async function postAs(
  base: string,
  origin: string,
  guest: HttpGuest,
  path: string,
  key: string,
  body: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: guest.cookie,
      origin,
      [CSRF_HEADER]: 'fetch',
      [IDEMPOTENCY_KEY_HEADER]: key,
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

export interface BookAndPayResult {
  /** POST /api/booking's status (201 held, 409 sold out). */
  checkout: number;
  /** The card payment's status, when the checkout held the rooms. */
  payment?: number;
  bookingId?: string;
}

/**
 * A checkout's body as the payment page sends it: the lines and the total the server's quote
 * showed for them.
 */
export async function checkoutPayload(
  base: string,
  cartRoom: CartLine[],
): Promise<{ cartRoom: CartLine[]; cartTotalCents: number }> {
  const res = await fetch(`${base}/api/cart/quote`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ cartRoom }),
  });
  if (res.status !== 200) throw new Error(`quote ${res.status}: ${await res.text()}`);
  const quote = (await res.json()) as { cartTotalCents: number };
  return { cartRoom, cartTotalCents: quote.cartTotalCents };
}

/** Checkout, then, when the rooms are held, payment with the success card. */
export async function bookAndPay(
  base: string,
  origin: string,
  guest: HttpGuest,
  cartRoom: CartLine[],
): Promise<BookAndPayResult> {
  const body = await checkoutPayload(base, cartRoom);
  const held = await postAs(base, origin, guest, '/api/booking', randomUUID(), body);
  if (held.status !== 201) return { checkout: held.status };
  const bookingId = held.body.id as string;
  const paid = await postAs(base, origin, guest, '/api/payments/card', randomUUID(), {
    booking: bookingId,
    card: SUCCESS_CARD,
  });
  return { checkout: held.status, payment: paid.status, bookingId };
}
