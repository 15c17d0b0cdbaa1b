import { HOTELS_PER_PAGE } from '@devstay/shared/constants';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { describe, expect, test } from 'vitest';
import { parseHotelListParams, useHotelListState } from './use-hotel-list-state.ts';

/** The hook on a /home address, with what the address bar and the history entry hold. */
function renderListState(address: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[address]}>{children}</MemoryRouter>
  );
  return renderHook(
    () => ({ list: useHotelListState(), location: useLocation(), navigate: useNavigate() }),
    { wrapper },
  );
}

function query(location: { search: string }): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(location.search));
}

describe('hotel list state in the address', () => {
  test('reads search, filters, sort and page; unusable values are left out', () => {
    expect(
      parseHotelListParams(
        new URLSearchParams('name=%20byte%20&city=Rosario&qualification=4&sort=name_desc&page=3'),
      ),
    ).toEqual({
      name: 'byte',
      city: 'Rosario',
      qualification: 4,
      sort: 'name_desc',
      page: 3,
      pageSize: HOTELS_PER_PAGE,
    });

    for (const search of [
      'qualification=6&page=0',
      'qualification=x&page=-2&sort=price',
      'page=2.5',
      'qualification=1e0&page=1e1',
      'qualification=0x4&page=%2B2',
    ]) {
      const params = parseHotelListParams(new URLSearchParams(search));
      expect(params.qualification).toBeUndefined();
      expect(params.sort).toBeUndefined();
      expect(params.page).toBe(1);
    }
    // Blank searches nothing; the address's page size is not the list's.
    expect(parseHotelListParams(new URLSearchParams('name=%20%20&pageSize=50'))).toEqual({
      page: 1,
      pageSize: HOTELS_PER_PAGE,
    });
  });

  test('reads a stay, its rooms and room services; a stay the server would refuse is none', () => {
    expect(
      parseHotelListParams(
        new URLSearchParams('checkIn=2031-05-01&checkOut=2031-05-03&rooms=2&services=3,1,3'),
      ),
    ).toMatchObject({
      stay: { checkIn: '2031-05-01', checkOut: '2031-05-03' },
      rooms: 2,
      services: [1, 3],
    });
    for (const search of [
      'checkIn=2031-05-03&checkOut=2031-05-01&rooms=2',
      'checkIn=2031-02-30&checkOut=2031-03-01',
      'checkIn=2031-05-01',
      'rooms=3&services=x',
    ]) {
      const params = parseHotelListParams(new URLSearchParams(search));
      expect(params.stay).toBeUndefined();
      expect(params.rooms).toBeUndefined();
      expect(params.services).toBeUndefined();
    }
  });

  test('a stay and services go into the address; removing the stay drops its dates and rooms', () => {
    const { result } = renderListState('/home?city=Rosario&page=2');
    act(() => result.current.list.setStay({ checkIn: '2031-05-01', checkOut: '2031-05-02' }, 2));
    act(() => result.current.list.setServices([4, 2]));
    expect(query(result.current.location)).toEqual({
      city: 'Rosario',
      checkIn: '2031-05-01',
      checkOut: '2031-05-02',
      rooms: '2',
      services: '2,4',
    });
    act(() => result.current.list.removeFilter('stay'));
    expect(query(result.current.location)).toEqual({ city: 'Rosario', services: '2,4' });
    act(() => result.current.list.clearAll());
    expect(query(result.current.location)).toEqual({});
  });

  test('a filter, a sort or a new search goes back to page 1 and keeps the rest', () => {
    const { result } = renderListState('/home?name=inn&sort=score_desc&page=3');
    expect(result.current.list.params.page).toBe(3);

    act(() => result.current.list.setFilter('city', 'Rosario'));
    expect(query(result.current.location)).toEqual({
      name: 'inn',
      sort: 'score_desc',
      city: 'Rosario',
    });

    act(() => result.current.list.goTo(2, 40, 10));
    expect(result.current.list.params.page).toBe(2);
    act(() => result.current.list.setSort('name_asc'));
    expect(query(result.current.location)).toEqual({
      name: 'inn',
      sort: 'name_asc',
      city: 'Rosario',
    });

    act(() => result.current.list.goTo(2, 40, 10));
    act(() => result.current.list.searchName('  byte ', true));
    expect(query(result.current.location)).toMatchObject({ name: 'byte' });
    expect(result.current.list.params.page).toBe(1);
  });

  test('past a count that stopped early ("1,000+") the next page opens; past an exact one, not', () => {
    const { result } = renderListState('/home?checkIn=2031-03-01&checkOut=2031-03-02&page=125');
    act(() => result.current.list.goTo(126, 1000, 8));
    expect(result.current.list.params.page).toBe(125);
    act(() => result.current.list.goTo(126, 1000, 8, true));
    expect(result.current.list.params.page).toBe(126);
  });

  test('removing one filter keeps the others; clearing drops search, filters and sort', () => {
    const { result } = renderListState('/home?name=inn&city=Rosario&qualification=5&sort=name_asc');

    act(() => result.current.list.removeFilter('qualification'));
    expect(query(result.current.location)).toEqual({
      name: 'inn',
      city: 'Rosario',
      sort: 'name_asc',
    });

    act(() => result.current.list.searchName('   ', false));
    expect(result.current.list.params.name).toBeUndefined();

    act(() => result.current.list.clearAll());
    expect(result.current.location.search).toBe('');
    expect(result.current.list.params).toEqual({ page: 1, pageSize: HOTELS_PER_PAGE });
  });

  test('pages move the window; Back restores page and window from the history entry', () => {
    const { result } = renderListState('/home');
    const pages = 20; // 200 hotels, 10 a page

    act(() => result.current.list.goTo(5, 200, 10));
    expect(query(result.current.location)).toEqual({ page: '5' });
    expect(result.current.list.paginationFor(pages)).toEqual({
      actualPage: 5,
      minPageNumber: 4,
      maxPageNumber: 9,
    });

    act(() => result.current.list.goTo(6, 200, 10));
    expect(result.current.list.paginationFor(pages)).toEqual({
      actualPage: 6,
      minPageNumber: 4,
      maxPageNumber: 9,
    });

    act(() => result.current.list.setFilter('city', 'Rosario'));
    expect(result.current.list.paginationFor(pages)).toEqual({
      actualPage: 1,
      minPageNumber: 0,
      maxPageNumber: 5,
    });

    act(() => {
      void result.current.navigate(-1);
    });
    expect(query(result.current.location)).toEqual({ page: '6' });
    expect(result.current.list.paginationFor(pages)).toEqual({
      actualPage: 6,
      minPageNumber: 4,
      maxPageNumber: 9,
    });
  });

  test('a shared link to a far page anchors the window around it', () => {
    const { result } = renderListState('/home?page=17');
    expect(result.current.list.paginationFor(20)).toEqual({
      actualPage: 17,
      minPageNumber: 15,
      maxPageNumber: 20,
    });
  });
});
