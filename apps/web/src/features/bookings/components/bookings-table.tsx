import '@mantine/core/styles/Table.layer.css';
import type { BookedRoom, BookingRecord } from '@devstay/shared/contracts/booking';
import { capitalize, formatUsd } from '@devstay/shared/text';
import { Anchor, Box, Button, Table, Text } from '@mantine/core';
import type { CSSProperties } from 'react';
import tables from '../../../components/stacked-table.module.css';
import { useDateText } from '../../../lib/date-text.ts';
import { nightsText } from '../../../lib/night-prices.ts';
import { BookingStatusBadge } from './booking-status-badge.tsx';

interface BookingsTableProps {
  bookings: BookingRecord[];
  /** The booking whose cancel is under way. */
  cancellingId?: string;
  onCancel: (booking: BookingRecord, room: BookedRoom) => void;
}

const HEADERS = [
  'Hotel',
  'Guest',
  'Date',
  'Room',
  'Price (USD)',
  'Total (USD)',
  'Quantity',
  'Check-in',
  'Check-out',
  'Stock balance',
  'Status',
  'Cancel',
];

/**
 * The bookings table (product §2.12 /stock): a row per booked room, with who booked it, its
 * nights as they were charged (as the receipt words them) and its total; Cancel ends the whole
 * booking. 'Stock balance' is
 * explained by the element `stock-balance-note` the page shows.
 */
export function BookingsTable({ bookings, cancellingId, onCancel }: BookingsTableProps) {
  const dateText = useDateText();
  return (
    <Box style={{ overflowX: 'auto' }}>
      <Table
        role="table"
        className={`${tables.stacked} ${tables.wide}`}
        style={{ '--stacked-table-min-width': '1200px' } as CSSProperties}
        striped
        highlightOnHover
        withTableBorder
        verticalSpacing="sm"
        aria-label="Reservations"
      >
        <Table.Thead role="rowgroup">
          <Table.Tr role="row">
            {HEADERS.map((h) => (
              <Table.Th
                role="columnheader"
                key={h}
                scope="col"
                aria-describedby={h === 'Stock balance' ? 'stock-balance-note' : undefined}
              >
                {h}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody role="rowgroup">
          {bookings.flatMap((booking) =>
            booking.cartRoom.map((room) => {
              const hotel = room.hotel;
              const roomName = capitalize(room.name);
              return (
                <Table.Tr
                  role="row"
                  key={`${booking.id}-${room.id}-${room.checkIn}-${room.checkOut}`}
                  data-testid="booking-row"
                >
                  <Table.Td role="cell" data-label={HEADERS[0]}>
                    <div>
                      <Text size="sm" fw={600}>
                        {hotel}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {room.address}
                      </Text>
                    </div>
                  </Table.Td>
                  <Table.Td role="cell" data-label={HEADERS[1]}>
                    {booking.guest ? (
                      <div>
                        <Text size="sm">{booking.guest.name || booking.guest.email}</Text>
                        <Anchor size="xs" href={`mailto:${booking.guest.email}`}>
                          {booking.guest.email}
                        </Anchor>
                      </div>
                    ) : null}
                  </Table.Td>
                  <Table.Td role="cell" data-label={HEADERS[2]}>
                    {dateText(booking.date)}
                  </Table.Td>
                  <Table.Td role="cell" data-label={HEADERS[3]}>
                    {roomName}
                  </Table.Td>
                  <Table.Td role="cell" data-label={HEADERS[4]}>
                    {nightsText(room.nights)}
                  </Table.Td>
                  <Table.Td role="cell" data-label={HEADERS[5]}>
                    {formatUsd(room.totalCents)}
                  </Table.Td>
                  <Table.Td role="cell" data-label={HEADERS[6]}>
                    {room.cartQuantity}
                  </Table.Td>
                  <Table.Td role="cell" data-label={HEADERS[7]}>
                    {dateText(room.checkIn)}
                  </Table.Td>
                  <Table.Td role="cell" data-label={HEADERS[8]}>
                    {dateText(room.checkOut)}
                  </Table.Td>
                  <Table.Td role="cell" data-label={HEADERS[9]}>
                    {room.newStock}
                  </Table.Td>
                  <Table.Td role="cell" data-label={HEADERS[10]}>
                    <BookingStatusBadge status={booking.status} />
                  </Table.Td>
                  <Table.Td role="cell" data-label={HEADERS[11]}>
                    {booking.cancellable ? (
                      <Button
                        size="xs"
                        color="red"
                        variant="light"
                        loading={cancellingId === booking.id}
                        aria-label={`Cancel the reservation of ${roomName} at ${hotel}, check-in ${dateText(room.checkIn)}`}
                        onClick={() => onCancel(booking, room)}
                      >
                        Cancel
                      </Button>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              );
            }),
          )}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
