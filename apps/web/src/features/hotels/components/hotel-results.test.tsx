import { HOTELS_PER_PAGE } from '@devstay/shared/constants';
import type { HotelCard } from '@devstay/shared/contracts/catalogue';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, test, vi } from 'vitest';
import { type HotelPageQuery, HotelResults, NO_MATCH_MESSAGE } from './hotel-results.tsx';

const hotel = (id: number): HotelCard => ({
  id,
  name: `hotel ${id}`,
  image: [],
  picture: null,
  qualification: 4,
  address: `Street ${id}`,
  idLocation: 1,
  Locations: [{ city: 'Córdoba', department: 'Capital', state: 'Córdoba' }],
  reviewCount: 0,
  reviewAverage: null,
  fromPrice: 80,
});

const settled: HotelPageQuery = {
  data: undefined,
  error: null,
  isPending: false,
  isError: false,
  isFetching: false,
  isPlaceholderData: false,
  refetch: () => undefined,
};

function show(hotels: Partial<HotelPageQuery>, page = 1) {
  const calls = { onPage: vi.fn(), onClearFilters: vi.fn() };
  render(
    <MantineProvider>
      <MemoryRouter>
        <HotelResults
          hotels={{ ...settled, ...hotels }}
          page={page}
          paginationFor={(pages) => ({
            actualPage: Math.min(page, pages),
            minPageNumber: 0,
            maxPageNumber: 5,
          })}
          {...calls}
        />
      </MemoryRouter>
    </MantineProvider>,
  );
  return calls;
}

describe('a page of hotel results', () => {
  test('loading: skeleton cards, said so', () => {
    show({ isPending: true });
    expect(screen.getByRole('status').textContent).toBe('Loading hotels...');
    expect(screen.queryByRole('article')).toBeNull();
  });

  test('a failed load shows why and tries again', () => {
    const refetch = vi.fn();
    show({ isError: true, error: new Error('Server down'), refetch });
    expect(screen.getByText('The hotels could not be loaded')).toBeTruthy();
    expect(screen.getByText('Server down')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalled();
  });

  test('no match offers to clear the filters', () => {
    const { onClearFilters } = show({ data: { items: [], total: 0 } });
    expect(screen.getByText(NO_MATCH_MESSAGE)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onClearFilters).toHaveBeenCalled();
  });

  test('the cards, which of them are shown, and pages of the total', async () => {
    const { onPage } = show({ data: { items: [hotel(9), hotel(10)], total: 10 } }, 2);
    expect(screen.getByRole('status').textContent).toBe('Showing 9–10 of 10 hotels');
    expect(screen.getAllByRole('article')).toHaveLength(2);
    fireEvent.click(await screen.findByRole('button', { name: 'Page 1' }));
    expect(onPage).toHaveBeenCalledWith(1, 10, HOTELS_PER_PAGE, false);
    expect(screen.getByRole('button', { name: 'Last page' })).toBeTruthy();
  });

  test('a count that stopped early: "1,000+ hotels", the pages up to it and the next, no Last', async () => {
    const items = Array.from({ length: HOTELS_PER_PAGE }, (_, i) => hotel(993 + i));
    const { onPage } = show({ data: { items, total: 1000, totalIsLowerBound: true } }, 125);
    expect(screen.getByRole('status').textContent).toBe('Showing 993–1000 of 1,000+ hotels');
    const next = await screen.findByRole('button', { name: 'Next page' });
    expect(next).toHaveProperty('disabled', false);
    expect(screen.queryByRole('button', { name: 'Last page' })).toBeNull();
    fireEvent.click(next);
    expect(onPage).toHaveBeenCalledWith(126, 1000, HOTELS_PER_PAGE, true);
  });

  test('an exact count is shown with its thousands', () => {
    show({ data: { items: [hotel(1)], total: 100_045 } });
    expect(screen.getByRole('status').textContent).toBe('Showing 1–1 of 100,045 hotels');
  });

  test('a card says its cheapest night, or the stay searched as the server priced it', () => {
    const stay = (nights: number, rooms: number, total: number) => ({
      ...hotel(nights * 10 + rooms),
      stay: { roomId: 1, nights, rooms, total },
    });
    const items = [
      hotel(1),
      { ...hotel(2), fromPrice: null },
      stay(3, 1, 1445),
      stay(1, 2, 290.25),
    ];
    show({ data: { items, total: 4 } });
    const [from, none, three, one] = screen.getAllByRole('article');
    expect(from?.textContent).toContain('from $80 per night');
    expect(none?.textContent).not.toContain('$');
    expect(three?.textContent).toContain('$1,445 for 3 nights');
    expect(three?.textContent).not.toContain('rooms');
    expect(one?.textContent).toContain('$290.25 for 1 night, 2 rooms');
  });

  test('a page past the last one leads to the last page', () => {
    const { onPage } = show({ data: { items: [], total: 10 } }, 5);
    expect(onPage).toHaveBeenCalledWith(2, 10, HOTELS_PER_PAGE, false);
  });
});
