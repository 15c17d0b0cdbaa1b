import { describe, expect, test } from 'vitest';
import { hotelListQuery } from './contracts/catalogue.ts';
import {
  HOTEL_LIST_PARAMS,
  type HotelListValues,
  hotelListSearch,
  type QueryParam,
  readAddressStay,
  readHotelListQuery,
  readParam,
} from './hotel-list-params.ts';

const address = (query: string) => new URLSearchParams(query);

describe('the stay in an address', () => {
  test.each([
    ['checkIn=2026-03-01&checkOut=2026-03-04', { checkIn: '2026-03-01', checkOut: '2026-03-04' }],
    ['checkIn=2028-02-29&checkOut=2028-03-01', { checkIn: '2028-02-29', checkOut: '2028-03-01' }],
    ['checkIn=2026-02-28&checkOut=2026-03-01', { checkIn: '2026-02-28', checkOut: '2026-03-01' }],
    ['checkIn=2026-02-30&checkOut=2026-03-02', undefined],
    ['checkIn=2026-02-29&checkOut=2026-03-02', undefined],
    ['checkIn=2026-13-01&checkOut=2026-13-02', undefined],
    ['checkIn=2026-3-1&checkOut=2026-3-2', undefined],
    ['checkIn=2026-03-04&checkOut=2026-03-04', undefined],
    ['checkIn=2026-03-04&checkOut=2026-03-01', undefined],
    ['checkIn=2026-03-01', undefined],
    ['checkOut=2026-03-01', undefined],
    ['checkIn=2026-03-01&checkOut=2027-03-02', undefined],
    ['', undefined],
  ])('%s → %o', (query, stay) => {
    expect(readAddressStay(address(query)).stay).toEqual(stay);
  });

  const withStay = 'checkIn=2026-03-01&checkOut=2026-03-04';
  test.each([
    ['rooms=2', 2],
    ['rooms=1', 1],
    [`rooms=50`, 50],
    ['rooms=51', undefined],
    ['rooms=0', undefined],
    ['rooms=abc', undefined],
    ['rooms=1e1', undefined],
    ['rooms=0x2', undefined],
    ['rooms=%2B2', undefined],
    ['rooms=2.0', undefined],
    ['rooms=-1', undefined],
    ['rooms=', undefined],
  ])('with a stay, %s → %o', (query, rooms) => {
    expect(readAddressStay(address(`${withStay}&${query}`)).rooms).toBe(rooms);
  });

  test('units without a stay are none; room services are read with or without one', () => {
    expect(readAddressStay(address('rooms=2&services=4,1,4'))).toEqual({ services: [1, 4] });
    expect(readAddressStay(address('checkIn=2026-02-30&checkOut=2026-03-02&rooms=2'))).toEqual({});
    for (const services of ['x', '1,,2', '0', '1,2,3,4,5,6,7,8,9,10,11', '2147483648', '1e1']) {
      expect(readAddressStay(address(`services=${services}`)).services).toBeUndefined();
    }
  });
});

/**
 * The API's contract and the web's reader take each parameter from the one table. Both must
 * agree on every text: what the API accepts the web reads as the same value, what it refuses
 * the web leaves out (a blank text is "no search" to both).
 */
describe('GET /api/hotels: the contract and the web read the same parameters the same way', () => {
  test('the contract has exactly the parameters of the table', () => {
    expect(Object.keys(hotelListQuery.shape).sort()).toEqual(Object.keys(HOTEL_LIST_PARAMS).sort());
  });

  const samples: Record<QueryParam['kind'], string[]> = {
    text: ['inn', '  Bogotá  ', '', '   ', 'x'.repeat(100), 'x'.repeat(101), 'a\u0000b'],
    int: ['1', '3', '5', '07', '0', '6', '8', '20', '50', '51', '100', '101', '999999', '1000000'],
    choice: ['name_asc', 'score_desc', 'price', 'NAME_ASC', ''],
    date: ['2026-03-01', '2028-02-29', '2026-02-29', '2026-02-30', '2026-3-1', '0000-01-01', ''],
    ids: ['1', '3,1,3', '1,2,3,4,5,6,7,8,9,10', '1,2,3,4,5,6,7,8,9,10,11', '0', 'x', '1,', ''],
    boolean: ['true', 'false', 'TRUE', 'True', '1', '0', 'yes', 'on', '', ' true'],
  };
  const everywhere = ['1e1', '0x10', '+3', '-1', '2.0', ' 2', 'abc', '1'.repeat(12)];

  for (const [key, param] of Object.entries(HOTEL_LIST_PARAMS) as [string, QueryParam][]) {
    test(`${key} (${param.kind})`, () => {
      const schema = hotelListQuery.shape[key as keyof typeof hotelListQuery.shape];
      for (const raw of [...samples[param.kind], ...everywhere]) {
        const api = schema.safeParse(raw);
        const web = readParam(param, raw);
        if (api.success && api.data !== '') expect(web, `${key}=${raw}`).toEqual(api.data);
        else expect(web, `${key}=${raw}`).toBeUndefined();
      }
    });
  }

  test('a whole address: the web reads what the API accepts, and writes what it reads', () => {
    for (const query of [
      '',
      'name=inn&city=Rosario&qualification=4&sort=score_desc&page=3&pageSize=20',
      'checkIn=2026-03-01&checkOut=2026-03-04&rooms=3&services=5,2',
      'checkIn=2028-02-29&checkOut=2028-03-01&services=7',
    ]) {
      const api = hotelListQuery.parse(Object.fromEntries(address(query)));
      const { checkIn, checkOut, ...rest } = api;
      const grouped = { ...rest, ...(checkIn && checkOut ? { stay: { checkIn, checkOut } } : {}) };
      const web: HotelListValues = readHotelListQuery(address(query));
      expect(web, query).toEqual(grouped);
      expect(hotelListQuery.parse(hotelListSearch(web)), query).toEqual(api);
      expect(
        readHotelListQuery(address(new URLSearchParams(hotelListSearch(web)).toString())),
      ).toEqual(web);
    }
  });

  test('what the API refuses as a whole, the web reads without it', () => {
    for (const query of [
      'checkIn=2026-02-30&checkOut=2026-03-02',
      'checkIn=2026-03-04&checkOut=2026-03-01',
      'checkIn=2026-03-01',
      'checkIn=2026-03-01&checkOut=2027-03-02',
    ]) {
      expect(hotelListQuery.safeParse(Object.fromEntries(address(query))).success, query).toBe(
        false,
      );
      expect(readHotelListQuery(address(query)).stay, query).toBeUndefined();
    }
  });
});
