import type { BookingRecord } from '@devstay/shared/contracts/booking';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import { BookedRoomCard } from '../features/bookings/components/booked-room-card.tsx';
import { BookingsTable } from '../features/bookings/components/bookings-table.tsx';
import { payLabel } from '../features/checkout/components/card-form.tsx';

// Amounts with cents, as an event night's premium makes them: each screen writes them with two
// decimals ('$152.40'), through the one owner of money text.

/** A dollar figure with one decimal only ('$152.4', '$1,328.8'): never shown. */
const ONE_DECIMAL = /\$[\d,]+\.\d(?!\d)/;

const record: BookingRecord = {
  id: '3f0c2a4e-7d1b-4c2a-9e55-0a8f5d7c1b23',
  status: 'confirmed',
  user: 'guest-1',
  date: '2030-10-01',
  cartTotalQuantity: 2,
  cartTotalAmount: 1_328.8,
  cartRoom: [
    {
      id: 7,
      name: 'double',
      idHotel: 1,
      hotel: 'Palermo Commit Suites',
      address: 'Honduras 4800',
      checkIn: '2030-10-10',
      checkOut: '2030-10-12',
      cartQuantity: 2,
      guests: 2,
      price: 70,
      nights: [
        { date: '2030-10-10', price: 76.2 },
        { date: '2030-10-11', price: 70 },
      ],
      totalCents: 29_240,
      newStock: 3,
      stayEnded: false,
    },
  ],
  guest: { name: 'Ada', email: 'ada@example.com' },
  cancellable: true,
  freeCancellation: {
    until: '2030-10-08T03:00:00.000Z',
    date: '2030-10-08',
    timeZone: 'America/Argentina/Buenos_Aires',
  },
};

function textOf(ui: ReactNode): string {
  const { container, unmount } = render(
    <MantineProvider>
      <MemoryRouter>{ui}</MemoryRouter>
    </MantineProvider>,
  );
  const text = (container.textContent ?? '').replace(/\s+/g, ' ');
  unmount();
  return text;
}

describe('amounts with cents on the screens', () => {
  test('the Pay button', () => {
    expect(payLabel(132_880)).toBe('Pay $1,328.80');
    expect(payLabel(15_240)).toBe('Pay $152.40');
    expect(payLabel(130_500)).toBe('Pay $1,305');
  });

  test('the staff’s bookings table: the nights as charged and the line’s total', () => {
    const text = textOf(<BookingsTable bookings={[record]} onCancel={() => {}} />);
    expect(text).toContain('$76.20 + $70');
    expect(text).toContain('$292.40');
    expect(text).not.toMatch(ONE_DECIMAL);
  });

  test('a booked room of the guest’s history', () => {
    const room = record.cartRoom[0];
    if (!room) throw new Error('the record has a room');
    const text = textOf(<BookedRoomCard booking={record} room={room} />);
    expect(text).toContain('$76.20 + $70');
    expect(text).toContain('$292.40');
    expect(text).not.toMatch(ONE_DECIMAL);
  });
});
