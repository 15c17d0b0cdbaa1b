import type { RoomSummary } from '@devstay/shared/contracts/catalogue';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import { RoomCard } from './room-card.tsx';

const room = (price: number, fromPrice: number): RoomSummary => ({
  id: 7,
  name: 'double',
  image: [],
  price,
  fromPrice,
  description: 'Two monitors and a standing desk.',
  category: 'standard',
  stock: 3,
  capacity: 2,
  idHotel: 1,
});

/** The card's price line as a reader sees it. */
function priceLine(price: number, fromPrice: number): string {
  const { container, unmount } = render(
    <MantineProvider>
      <MemoryRouter>
        <RoomCard room={room(price, fromPrice)} />
      </MemoryRouter>
    </MantineProvider>,
  );
  const line = screen.getByText('per night').parentElement?.textContent ?? '';
  expect(container.querySelector('h3')?.textContent).toBe('Double');
  unmount();
  return line.replace(/\s+/g, ' ').trim();
}

describe('a room card’s price', () => {
  test('"from $X" only when some night costs less than the base price', () => {
    expect(priceLine(120, 80)).toBe('from $80 per night');
    expect(priceLine(120, 119)).toBe('from $119 per night');
  });

  test('the base price alone when no night is cheaper', () => {
    expect(priceLine(120, 120)).toBe('$120 per night');
    // Dearer nights (a season, an event's premium) never make it a "from" price.
    expect(priceLine(120, 150)).toBe('$120 per night');
  });
});
