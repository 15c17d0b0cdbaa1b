// Traffic for the drills and the soak, through the balancer: guests who check out and pay with
// the test card, and visitors who read the catalogue. Every answer is recorded with its time and
// its route class.
import { randomUUID } from 'node:crypto';
import { HOTEL_TIME_ZONE_DEFAULT } from '@devstay/shared/constants';
import { CSRF_HEADER, IDEMPOTENCY_KEY_HEADER } from '@devstay/shared/http';
import { paths } from '@devstay/shared/paths';
import { addDays, calendarDateIn, stayPriceCents } from '@devstay/shared/stay';
import {
  guestsInDatabase,
  type SeededRoom,
  seedRooms,
} from '../../apps/api/bench/booking-servers.ts';
import { createDb } from '../../apps/api/src/db/client.ts';
import { SUCCESS_CARD } from '../../apps/api/src/test/http-guest.ts';
import type { ClusterAccess } from './cluster.ts';

/** The route classes: catalogue reads, stay searches, sign-ins, checkouts, card payments,
 * cancellations, content management. */
export const KINDS = ['browse', 'search', 'auth', 'booking', 'payment', 'cancel', 'admin'] as const;
export type Kind = (typeof KINDS)[number];

export interface Answer {
  kind: Kind;
  /** When it was sent and answered (ms, performance.now()). */
  sent: number;
  answered: number;
  /** 0: no answer (connection refused or reset). */
  status: number;
  path: string;
}

/** The drills' own limits: a crowd calling from one address (the drill's machine). */
export const CROWD_LIMITS: Record<string, string> = {
  CHECKOUT_RATE_LIMIT: '100000',
  CHECKOUT_ADDRESS_RATE_LIMIT: '100000',
  PAYMENT_RATE_LIMIT: '100000',
  HOLDS_PER_ACCOUNT: '100000',
  HELD_UNITS_PER_ACCOUNT: '1000000',
  LAPSED_HOLDS_PER_DAY: '100000',
};

/** An answer that means the site failed the request (a refusal such as SOLD_OUT does not). */
export const failed = (a: Answer) => a.status === 0 || a.status >= 500;

export class Load {
  readonly answers: Answer[] = [];
  /** Bookings the load saw confirmed (the payment's 200). */
  readonly confirmed: string[] = [];
  #running = true;
  #loops: Promise<void>[] = [];
  readonly #inFlight = new Set<Promise<void>>();

  static async prepare(cluster: ClusterAccess, guests: number, rooms: number) {
    const db = createDb(cluster.adminUrl(), 2);
    try {
      const seeded = await seedRooms(db, rooms, 5);
      const people = await guestsInDatabase(db, cluster.secrets.authSecret, guests);
      return { rooms: seeded, guests: people };
    } finally {
      await db.$client.end();
    }
  }

  readonly base: string;
  readonly origin: string;

  constructor(base: string, origin: string) {
    this.base = base;
    this.origin = origin;
  }

  /** One request through the balancer, recorded; a write carries the site's CSRF and idempotency headers. */
  async request(
    kind: Kind,
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    cookie?: string,
    body?: unknown,
  ) {
    const sent = performance.now();
    let status = 0;
    let answer: Record<string, unknown> = {};
    try {
      const res = await fetch(`${this.base}${path}`, {
        method,
        headers: {
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(cookie ? { cookie } : {}),
          ...(method !== 'GET'
            ? {
                origin: this.origin,
                [CSRF_HEADER]: 'fetch',
                [IDEMPOTENCY_KEY_HEADER]: randomUUID(),
              }
            : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await res.text();
      status = res.status;
      if (res.headers.get('content-type')?.includes('json')) answer = JSON.parse(text);
    } catch {
      status = 0;
    }
    this.answers.push({ kind, sent, answered: performance.now(), status, path });
    return { status, answer };
  }

  /**
   * One stay of 1–3 nights in a random room, checked out and paid with the test card: the
   * booking's id once its payment confirmed it. `failedCheckout` tells whether the checkout
   * itself failed (no answer, 5xx).
   */
  async bookOnce(guest: { cookie: string }, rooms: SeededRoom[]) {
    const room = rooms[Math.floor(Math.random() * rooms.length)] as SeededRoom;
    const checkIn = addDays(
      calendarDateIn(HOTEL_TIME_ZONE_DEFAULT),
      1 + Math.floor(Math.random() * 90),
    );
    const checkOut = addDays(checkIn, 1 + Math.floor(Math.random() * 3));
    const held = await this.request('booking', 'POST', '/api/booking', guest.cookie, {
      cartRoom: [{ id: room.id, checkIn, checkOut, cartQuantity: 1 }],
      cartTotalCents: stayPriceCents(room.priceCents, checkIn, checkOut),
    });
    const failedCheckout = held.status === 0 || held.status >= 500;
    if (held.status !== 201) return { failedCheckout };
    const paid = await this.request('payment', 'POST', '/api/payments/card', guest.cookie, {
      booking: held.answer.id,
      card: SUCCESS_CARD,
    });
    const booking = paid.answer.booking as { id?: string; status?: string } | undefined;
    if (paid.status !== 200 || booking?.status !== 'confirmed' || !booking.id) {
      return { failedCheckout };
    }
    this.confirmed.push(booking.id);
    return { failedCheckout, id: booking.id };
  }

  /** Each guest booking again and again (`bookOnce`), `pauseMs` apart. */
  book(guests: { cookie: string }[], rooms: SeededRoom[], pauseMs = 0) {
    for (const guest of guests) {
      this.loop(async () => {
        const { failedCheckout } = await this.bookOnce(guest, rooms);
        if (failedCheckout) await sleep(100);
        else if (pauseMs) await sleep(pauseMs);
      });
    }
  }

  /** `count` visitors reading the catalogue: list pages, hotels and the rendered home page. */
  read(count: number, hotelIds: number[]) {
    for (let i = 0; i < count; i++) {
      this.loop(async () => {
        const pick = Math.random();
        const path =
          pick < 0.4
            ? `/api/hotels?page=${1 + Math.floor(Math.random() * 5)}`
            : pick < 0.8
              ? `/api/hotels/${hotelIds[Math.floor(Math.random() * hotelIds.length)]}`
              : paths.landing;
        const { status } = await this.request('browse', 'GET', path);
        if (status === 0 || status >= 500) await sleep(100);
      });
    }
  }

  /** Runs `step` again and again until `stop`. */
  loop(step: () => Promise<void>) {
    this.#loops.push(
      (async () => {
        while (this.#running) await step();
      })(),
    );
  }

  /** Runs `action` once, now; `stop` waits for it. */
  once(action: () => Promise<void>) {
    const running: Promise<void> = action()
      .catch((error: unknown) => console.error(error))
      .finally(() => this.#inFlight.delete(running));
    this.#inFlight.add(running);
  }

  /** Actions started by `once` and not finished. */
  get inFlight() {
    return this.#inFlight.size;
  }

  get running() {
    return this.#running;
  }

  async stop() {
    this.#running = false;
    await Promise.all([...this.#loops, ...this.#inFlight]);
  }

  /** Answers of `kind` sent in [from, to). */
  between(kind: Kind, from: number, to: number) {
    return this.answers.filter((a) => a.kind === kind && a.sent >= from && a.sent < to);
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The ids of the catalogue's first hotels, read through the balancer. */
export async function hotelIds(base: string): Promise<number[]> {
  const res = await fetch(`${base}/api/hotels?pageSize=24`);
  const hotels = (await res.json()) as { id: number }[];
  return hotels.map((h) => h.id);
}
