import { HOTEL_SORT_VALUES } from '@devstay/shared/constants';
import { hotelListQuery } from '@devstay/shared/contracts/catalogue';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  FILTER_OF_PARAM,
  type HotelPagePlan,
  type HotelSearch,
  hotelCountQuery,
  hotelFilterKey,
  hotelPageQuery,
  hotelSearchKey,
  type SqlQuery,
} from './search-planner.ts';

/**
 * The hotel list's read caches and prepared statements are keyed by what the database is asked:
 * two searches share a cache key exactly when every statement they could run is the same (text
 * and values), and two statements share a name exactly when their texts are the same.
 */

const PLANS: HotelPagePlan[] = ['city', 'walk', 'name'];

/** The app's clock the statements are written at: one instant for every search compared. */
const NOW = new Date();

/** Every statement a search can run: its page under each plan, with and without the total. */
const statementsOf = (search: HotelSearch): SqlQuery[] =>
  PLANS.flatMap((plan) => [
    hotelPageQuery(search, plan, false, undefined, NOW),
    hotelPageQuery(search, plan, true, undefined, NOW),
  ]);

const sameStatement = (a: SqlQuery, b: SqlQuery) =>
  a.text === b.text && JSON.stringify(a.values) === JSON.stringify(b.values);

// Few values, many of them alike once folded, so that pairs often collide: case, accents,
// spacing, LIKE's wildcards, one text as a name in one search and a city in the other.
const text = fc.oneof(
  fc.constantFrom('', '  ', 'café', ' CAFE ', 'cafe', 'Bogotá', 'bogota', '50%_', 'a\\b', 'a  b'),
  fc.string({ maxLength: 6 }),
);
const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });

/** Query strings as a browser sends them, kept when the contract takes them (as the route). */
const search: fc.Arbitrary<HotelSearch> = fc
  .record({
    name: maybe(text),
    city: maybe(text),
    qualification: maybe(fc.constantFrom('0', '1', '3', '5', '6', 'x')),
    sort: maybe(fc.constantFrom(...HOTEL_SORT_VALUES, 'bogus')),
    page: maybe(fc.constantFrom('1', '2', '1000000', '0')),
    pageSize: maybe(fc.constantFrom('1', '8', '100', '101')),
    checkIn: maybe(fc.constantFrom('2031-05-01', '2031-05-02', 'x')),
    checkOut: maybe(fc.constantFrom('2031-05-02', '2031-05-03')),
    rooms: maybe(fc.constantFrom('1', '2', '0')),
    services: maybe(fc.constantFrom('1', '2', '1,2', '2,1', '2,2,1', ',')),
  })
  .map((raw) =>
    hotelListQuery.safeParse(Object.fromEntries(Object.entries(raw).filter(([, v]) => v))),
  )
  .filter((parsed) => parsed.success)
  .map((parsed) => parsed.data as HotelSearch);

// 3,000 generated searches each, two statements built for every one: seconds on an idle machine,
// tens at a load of 12 with the rest of the suite beside them.
describe('hotel list keys', { timeout: 120_000 }, () => {
  test('two searches share a page key exactly when they run the same statements', () => {
    fc.assert(
      fc.property(search, search, (a, b) => {
        const statementsA = statementsOf(a);
        const statementsB = statementsOf(b);
        const same = statementsA.every((s, i) => sameStatement(s, statementsB[i] as SqlQuery));
        expect(hotelSearchKey(a) === hotelSearchKey(b)).toBe(same);
      }),
      { numRuns: 3000 },
    );
  });

  test('two searches share a count key exactly when they count the same matches', () => {
    fc.assert(
      fc.property(search, search, (a, b) => {
        const same = sameStatement(
          hotelCountQuery(a, undefined, undefined, NOW),
          hotelCountQuery(b, undefined, undefined, NOW),
        );
        expect(hotelFilterKey(a) === hotelFilterKey(b)).toBe(same);
      }),
      { numRuns: 3000 },
    );
  });

  test('searches that differ in case, accents or spacing share their keys', () => {
    const a: HotelSearch = { name: ' Café ', city: 'BOGOTÁ', page: 1, pageSize: 8 };
    const b: HotelSearch = { name: 'cafe', city: 'bogota', sort: 'name_asc', page: 1, pageSize: 8 };
    expect(hotelSearchKey(a)).toBe(hotelSearchKey(b));
    expect(hotelSearchKey({ ...a, name: '  ' })).toBe(hotelSearchKey({ ...a, name: undefined }));
    expect(hotelSearchKey({ page: 1, pageSize: 8, name: 'x' })).not.toBe(
      hotelSearchKey({ page: 1, pageSize: 8, city: 'x' }),
    );
  });

  test('a statement name stands for one text, and each text has one name', () => {
    const names = new Map<string, string>();
    const texts = new Map<string, string>();
    fc.assert(
      fc.property(search, (s) => {
        for (const { name, text } of statementsOf(s)) {
          expect(name).toMatch(/^hotel_page_[0-9a-f]{32}$/); // within PostgreSQL's 63 bytes
          expect(names.get(name as string) ?? text).toBe(text);
          expect(texts.get(text) ?? name).toBe(name);
          names.set(name as string, text);
          texts.set(text, name as string);
        }
      }),
      { numRuns: 3000 },
    );
  });

  test('each parameter is read by the filter FILTER_OF_PARAM names, and by no other', () => {
    // A value for every filtering parameter; a stay's two dates go together.
    const values: Partial<HotelSearch> = {
      city: 'Rosario',
      qualification: 3,
      name: 'sol',
      checkIn: '2031-05-01',
      checkOut: '2031-05-03',
      rooms: 2,
      guests: 3,
      services: [1],
    };
    const stay = ['checkIn', 'checkOut'];
    const base: unknown[] = JSON.parse(hotelFilterKey({ page: 1, pageSize: 8 }));
    const changedBy = (param: keyof typeof FILTER_OF_PARAM) => {
      const asked = stay.includes(param) ? stay : [param];
      const search = { page: 1, pageSize: 8 } as HotelSearch;
      for (const p of asked) Object.assign(search, { [p]: values[p as keyof HotelSearch] });
      const key: unknown[] = JSON.parse(hotelFilterKey(search));
      return key.flatMap((v, i) => (JSON.stringify(v) === JSON.stringify(base[i]) ? [] : [i]));
    };
    const slotOf = new Map<string, number>();
    for (const param of Object.keys(FILTER_OF_PARAM) as (keyof typeof FILTER_OF_PARAM)[]) {
      const changed = changedBy(param);
      expect(changed, param).toHaveLength(1);
      const filter = FILTER_OF_PARAM[param];
      expect(slotOf.get(filter) ?? changed[0], param).toBe(changed[0]);
      slotOf.set(filter, changed[0] as number);
    }
    // Distinct filters hold distinct places of the key.
    expect(new Set(slotOf.values()).size).toBe(slotOf.size);
  });
});
