/**
 * The hotel list's traffic model of the catalogue benchmarks (catalogue.ts, catalogue-pair.ts):
 * searches drawn from the data itself, so every one has matches, in a list's orders (`sorts`:
 * a code's own, as another code being compared may have fewer), and Zipf popularity.
 */
import type { Pool } from 'pg';
import type { HotelSearch } from '../src/modules/hotels/search-planner.ts';

export interface Sample {
  nameKey: string;
  city: string;
  qualification: number;
}

export const randomInt = (n: number) => Math.floor(Math.random() * n);
export const pick = <T>(list: readonly T[]): T => {
  const item = list[randomInt(list.length)];
  if (item === undefined) throw new Error('empty list');
  return item;
};

/** What a visitor types: the start (3 letters or more) of one word of a hotel's name. */
function searchTerm(nameKey: string): string {
  const words = nameKey.split(' ').filter((w) => w.length >= 3);
  const word = words.length > 0 ? pick(words) : nameKey;
  return word.slice(0, 3 + randomInt(word.length - 2));
}

/** 5,000 hotels at random from a catalogue's database, each a search's seed. */
export async function loadSamples(pool: Pick<Pool, 'query'>): Promise<Sample[]> {
  const { rows } = await pool.query<Sample>(
    `select h.name_key as "nameKey", l.city, h.qualification
     from hotels h join locations l on l.id = h.location_id order by random() limit 5000`,
  );
  if (rows.length === 0) throw new Error('The benchmark database has no hotels');
  return rows;
}

/** Search + star filter + city filter + sort + page, taken from one real hotel. */
export function fullQuery(samples: Sample[], sorts: readonly string[]): HotelSearch {
  const s = pick(samples);
  return {
    name: searchTerm(s.nameKey),
    city: s.city,
    qualification: s.qualification,
    sort: pick(sorts) as HotelSearch['sort'],
    page: 1 + randomInt(2),
    pageSize: 8,
  };
}

/** What a crowd of visitors does: browse, filter by one thing, search, go deep into pages. */
export function mixedQuery(samples: Sample[], sorts: readonly string[]): HotelSearch {
  const s = pick(samples);
  const sort = pick(sorts) as HotelSearch['sort'];
  switch (randomInt(6)) {
    case 0:
      return { sort, page: 1 + randomInt(50), pageSize: 8 };
    case 1:
      return { name: searchTerm(s.nameKey), sort, page: 1 + randomInt(3), pageSize: 8 };
    case 2:
      return { city: s.city, sort, page: 1 + randomInt(5), pageSize: 8 };
    case 3:
      return { qualification: s.qualification, sort, page: 1 + randomInt(20), pageSize: 8 };
    case 4:
      return {
        city: s.city,
        qualification: s.qualification,
        sort,
        page: 1 + randomInt(3),
        pageSize: 8,
      };
    default:
      return fullQuery(samples, sorts);
  }
}

export function toPath(q: HotelSearch): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(q)) {
    if (value !== undefined) params.set(key, String(value));
  }
  return `/api/hotels?${params}`;
}

/** `size` distinct request paths made by `make` (fewer if it cannot make that many). */
export function queryPool(size: number, make: () => HotelSearch): string[] {
  const paths = new Set<string>();
  for (let tries = 0; paths.size < size && tries < size * 20; tries++) paths.add(toPath(make()));
  return [...paths];
}

/** Picks an item of `list` with Zipf popularity: the item at rank r has weight 1/r. */
export function zipf<T>(list: readonly T[]): () => T {
  const cumulative = new Float64Array(list.length);
  let sum = 0;
  for (let r = 0; r < list.length; r++) {
    sum += 1 / (r + 1);
    cumulative[r] = sum;
  }
  return () => {
    const x = Math.random() * sum;
    let lo = 0;
    let hi = list.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] ?? 0) < x) lo = mid + 1;
      else hi = mid;
    }
    return list[lo] as T;
  };
}
