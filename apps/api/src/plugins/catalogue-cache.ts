import type { City } from '@devstay/shared/contracts/catalogue';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Db, Executor } from '../db/client.ts';
import type { ReplicaReads } from '../db/replica-reads.ts';
import { ENTRY_BYTES, textBytes } from '../lib/held-bytes.ts';
import type { ReadyBody } from '../lib/http.ts';
import { CATALOGUE_TTL_MS, ReadCache } from '../lib/read-cache.ts';
import type { KeptAnswers } from './kept-answers.ts';

/**
 * The catalogue's read caches, kept in each API process, and the one way to keep them true:
 * a writer names what it changed (`app.catalogue.invalidate({ room: 7, hotel: 3 })`); this
 * process drops what depends on it at once and every process, this one included, drops it
 * again when the PostgreSQL notice arrives (docs/decisions/0006-read-cache-invalidation.md).
 */

/**
 * What a write changed. Name the hotel a row belongs to: most cached answers are per hotel.
 *
 * | change           | hotel list pages + counts | cities | hotel detail          | hotel services |
 * |------------------|---------------------------|--------|-----------------------|----------------|
 * | `hotel`          | dropped                   | dropped| that hotel's          | that hotel's   |
 * | `review`         | dropped (score, count)    | kept   | that hotel's          | kept           |
 * | `room`           | pages dropped, counts kept| kept   | that hotel's          | kept           |
 * | `location`       | dropped                   | dropped| all                   | all            |
 * | `hotelService`   | kept                      | kept   | kept (not in it)      | all            |
 * | `event`, `service` | kept                    | kept   | kept (not in it)      | kept           |
 * | `everything`     | dropped                   | dropped| all                   | all            |
 *
 * A hotel service's change drops every hotel's list: a service moved to another hotel changes
 * two lists, and such writes are rare. A room's change (its price, its rate rules, a room added
 * or removed) moves its hotel card's "from" price: every page is dropped, the counts (which no
 * room moves without a search on rooms, never kept) are kept.
 *
 * A hotel list search on rooms (a stay, units, room services) is never kept: its matches move
 * with bookings, which are no catalogue change (`isLiveSearch` in hotels/search-planner.ts).
 *
 * The pages the server renders (`renderedPages`) show a little of everything (a hotel's
 * services, its rooms' services): every change drops them all, the markup their render keeps
 * (`forgetWithRenderedPages`), and every answer kept whole in front of the routing
 * (plugins/kept-answers.ts).
 */
export type CatalogueChange =
  | { hotel: number }
  | { room: number; hotel: number }
  | { review: number; hotel: number }
  | { hotelService: number; hotel: number }
  | { event: number; hotel: number }
  /** A room service of the global list rooms pick from. */
  | { service: number }
  | { location: number }
  /** Bulk loads (seed, imports). */
  | { everything: true };

/** A page of the hotel list as the read cache keeps it: the number of matches, the body. */
interface CachedHotelPage {
  total: number;
  /** The count stopped early: more than `total` match. */
  totalIsLowerBound: boolean;
  page: ReadyBody;
}

export interface CatalogueCache {
  /**
   * The handle the catalogue's reads take (lists, hotels, rooms, events, services, places):
   * a replica that has replayed every change heard, else the primary (db/replica-reads.ts).
   * A read whose answer moves with bookings, or decides money or access, takes `app.db`.
   */
  db: Db;
  /** Reads `db` sent to the replica, and to the primary (replica behind or away). */
  readonly readsRouted: Readonly<ReplicaReads['routed']>;
  hotelPages: ReadCache<CachedHotelPage>;
  hotelCounts: ReadCache<number>;
  cities: ReadCache<City[]>;
  /** GET /hotels/:id bodies by hotel id; null for an unknown id. */
  hotelDetails: ReadCache<ReadyBody | null>;
  /** GET /serviceHotels/hotel/:id bodies by hotel id; null for an unknown id. */
  hotelServices: ReadCache<ReadyBody | null>;
  /**
   * The web app's pages as the server renders them, by address (web-app.ts); null for an
   * address the render leaves to the browser.
   */
  renderedPages: ReadCache<ReadyBody | null>;
  /**
   * Adds something kept outside these caches that the rendered pages are drawn from (the server
   * render's kept markup, web-app.ts): forgotten with them, at every change heard here or from
   * another process.
   */
  forgetWithRenderedPages(forget: () => void): void;
  /**
   * Drops what `change` reaches, here and (through PostgreSQL) in every other API process.
   * Pass the writer's transaction to send the notice with its commit (nothing is announced if
   * it rolls back); without one, call it after the commit.
   */
  invalidate(change: CatalogueChange, tx?: Executor): Promise<void>;
  /** Whether this process hears other processes' changes right now. */
  readonly listening: boolean;
  /** The listening connection's server process id (null while away). */
  readonly listenerPid: number | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    catalogue: CatalogueCache;
  }
}

/** The PostgreSQL channel of catalogue change notices. */
export const CATALOGUE_CHANNEL = 'devstay_catalogue_changes';

/**
 * Tells every API process's cache about `change` without a cache of one's own: for writers
 * outside the API (the seed command). Inside the API, call `app.catalogue.invalidate`.
 */
export async function announceCatalogueChange(
  executor: Executor,
  change: CatalogueChange,
): Promise<void> {
  await executor.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, ${JSON.stringify(change)})`);
}

const KEYS = ['hotel', 'room', 'review', 'hotelService', 'event', 'service', 'location'] as const;

/**
 * A notice's payload back into a change; null when it is not one (then drop everything).
 * @internal
 */
export function parseChange(payload: string): CatalogueChange | null {
  try {
    const value: unknown = JSON.parse(payload);
    if (typeof value !== 'object' || value === null) return null;
    const entries = Object.entries(value);
    if (entries.length === 1 && entries[0]?.[0] === 'everything' && entries[0][1] === true) {
      return { everything: true };
    }
    const ok = entries.every(
      ([key, id]) =>
        (KEYS as readonly string[]).includes(key) && Number.isInteger(id) && (id as number) > 0,
    );
    return ok && entries.length > 0 ? (value as CatalogueChange) : null;
  } catch {
    return null;
  }
}

/**
 * Each cache's budget in bytes, counted as held-bytes.ts counts them: the key, the entry, the
 * value (a body's text or its zipped parts). Compressed forms are kept apart (`compressedForms`
 * in lib/http.ts). The budgets add up with the others' in docs/scaling.md (Memory).
 */
const CATALOGUE_CACHE_BYTES = {
  hotelPages: 36_000_000,
  hotelCounts: 6_000_000,
  cities: 1_000_000,
  hotelDetails: 12_000_000,
  hotelServices: 3_000_000,
  renderedPages: 24_000_000,
} as const;

const keyBytes = (key: string) => textBytes(key) + ENTRY_BYTES;
const bodyBytes = (ready: ReadyBody | null, key: string) => keyBytes(key) + (ready?.weight ?? 0);

function createCaches() {
  const budget = CATALOGUE_CACHE_BYTES;
  return {
    // A page of 8 cards is about 6 kB of JSON: some 5,500 pages, as many as 69465f0's list
    // cache held at its own weights. At 24 MB (3,700) the popular mixed traffic found 5 points
    // fewer of its pages kept (76 % against 81 %) and each of those is a miss.
    hotelPages: new ReadCache<CachedHotelPage>({
      ttlMs: CATALOGUE_TTL_MS,
      max: budget.hotelPages,
      weigh: (v, key) => bodyBytes(v.page, key) + 50,
    }),
    // A count's key is some 80 characters, 300 bytes with its entry: some 20,000 counts. Each
    // search by a name or a whole search box adds one few others share; kept fewer, the counts
    // every page of a city, or of its stars, shares were pushed out within seconds.
    hotelCounts: new ReadCache<number>({
      ttlMs: CATALOGUE_TTL_MS,
      max: budget.hotelCounts,
      weigh: (_, key) => keyBytes(key),
    }),
    // One list, a few hundred cities: objects weigh some four times their JSON.
    cities: new ReadCache<City[]>({
      ttlMs: CATALOGUE_TTL_MS,
      max: budget.cities,
      weigh: (v) => JSON.stringify(v).length * 4 + ENTRY_BYTES,
    }),
    // A hotel with its rooms and reviews is a few kB.
    hotelDetails: new ReadCache<ReadyBody | null>({
      ttlMs: CATALOGUE_TTL_MS,
      max: budget.hotelDetails,
      weigh: bodyBytes,
    }),
    // A hotel’s services are a few hundred bytes to a few kB.
    hotelServices: new ReadCache<ReadyBody | null>({
      ttlMs: CATALOGUE_TTL_MS,
      max: budget.hotelServices,
      weigh: bodyBytes,
    }),
    // A rendered page keeps its own parts gzipped, 5–15 kB (its styles are the screen's, kept
    // once). Addresses hold only the parameters the screen reads (web-app.ts), but their values
    // are the visitor's to choose (up to the 16 kB of a request's head): they weigh too.
    renderedPages: new ReadCache<ReadyBody | null>({
      ttlMs: CATALOGUE_TTL_MS,
      max: budget.renderedPages,
      weigh: bodyBytes,
    }),
  };
}

/**
 * Decorates the application with `catalogue` (its caches and `invalidate`), hearing other
 * processes' changes through `changeNotices`. Registered at the application's level, after
 * `changeNotices` and before the modules.
 */
export const catalogueCache: FastifyPluginAsync<{
  db: Db;
  reads: ReplicaReads;
  keptAnswers?: KeptAnswers;
}> = async (app, { db, reads, keptAnswers }) => {
  const caches = createCaches();
  const forgetters: (() => void)[] = [];

  const dropRendered = () => {
    caches.renderedPages.clear();
    for (const forget of forgetters) forget();
  };

  const clearAll = () => {
    keptAnswers?.clear();
    caches.hotelPages.clear();
    caches.hotelCounts.clear();
    caches.cities.clear();
    caches.hotelDetails.clear();
    caches.hotelServices.clear();
    dropRendered();
  };

  const dropLists = () => {
    caches.hotelPages.clear();
    caches.hotelCounts.clear();
  };

  /** Forgets, in this process, the answers `change` reaches (the table above). */
  const drop = (change: CatalogueChange) => {
    // Answers kept whole are not told apart by what they show: any change drops them all.
    keptAnswers?.clear();
    dropRendered();
    if ('everything' in change || 'location' in change) return clearAll();
    if ('hotelService' in change) return caches.hotelServices.clear();
    if ('event' in change || 'service' in change) return;
    if ('room' in change) {
      caches.hotelPages.clear();
      return caches.hotelDetails.delete(String(change.hotel));
    }
    // A review moves the hotel's score and count; a hotel row, its card and maybe its city.
    dropLists();
    if (!('review' in change)) {
      caches.cities.clear();
      caches.hotelServices.delete(String(change.hotel));
    }
    caches.hotelDetails.delete(String(change.hotel));
  };

  app.changeNotices.on(CATALOGUE_CHANNEL, {
    notice(payload) {
      // Raised with the drop: no read that begins after it fills a cache from a replica that
      // has not replayed the change.
      reads.changeHeard();
      const change = parseChange(payload);
      if (change) drop(change);
      else {
        app.log.warn({ payload }, 'unreadable catalogue change notice: cache cleared');
        clearAll();
      }
    },
    // Changes announced while no connection listened were missed: forget everything.
    connected() {
      reads.changeHeard();
      clearAll();
    },
  });

  const cache: CatalogueCache = {
    ...caches,
    db: reads.db,
    readsRouted: reads.routed,
    forgetWithRenderedPages(forget) {
      forgetters.push(forget);
    },
    async invalidate(change, tx) {
      drop(change);
      if (tx) return announceCatalogueChange(tx, change);
      reads.changeHeard();
      // The write is committed: a notice that cannot be sent leaves the other processes to
      // the TTL, which is no reason to fail the request.
      await announceCatalogueChange(db, change).catch((error: unknown) => {
        app.log.warn({ err: error, change }, 'catalogue change not announced');
      });
    },
    get listening() {
      return app.changeNotices.listening;
    },
    get listenerPid() {
      return app.changeNotices.listenerPid;
    },
  };
  app.decorate('catalogue', cache);
};
// Share the application's context (what fastify-plugin does): every module sees `catalogue`.
Object.assign(catalogueCache, { [Symbol.for('skip-override')]: true });
