import type { BookedRoom, BookingRecord } from '@devstay/shared/contracts/booking';
import { capitalize, formatUsd } from '@devstay/shared/text';
import { Anchor, Box, Button, Text } from '@mantine/core';
import { StackedTable, Tbody, Td, Th, Thead, Tr } from '../../../components/stacked-table.tsx';
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
] as const;

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
      <StackedTable
        minWidth="1200px"
        striped
        highlightOnHover
        withTableBorder
        verticalSpacing="sm"
        aria-label="Reservations"
      >
        <Thead>
          <Tr>
            {HEADERS.map((h) => (
              <Th
                key={h}
                scope="col"
                aria-describedby={h === 'Stock balance' ? 'stock-balance-note' : undefined}
              >
                {h}
              </Th>
            ))}
          </Tr>
        </Thead>
        <Tbody>
          {bookings.flatMap((booking) =>
            booking.cartRoom.map((room) => {
              const hotel = room.hotel;
              const roomName = capitalize(room.name);
              return (
                <Tr
                  key={`${booking.id}-${room.id}-${room.checkIn}-${room.checkOut}`}
                  data-testid="booking-row"
                >
                  <Td label={HEADERS[0]}>
                    <div>
                      <Text size="sm" fw={600}>
                        {hotel}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {room.address}
                      </Text>
                    </div>
                  </Td>
                  <Td label={HEADERS[1]}>
                    {booking.guest ? (
                      <div>
                        <Text size="sm">{booking.guest.name || booking.guest.email}</Text>
                        <Anchor size="xs" href={`mailto:${booking.guest.email}`}>
                          {booking.guest.email}
                        </Anchor>
                      </div>
                    ) : null}
                  </Td>
                  <Td label={HEADERS[2]}>{dateText(booking.date)}</Td>
                  <Td label={HEADERS[3]}>{roomName}</Td>
                  <Td label={HEADERS[4]}>{nightsText(room.nights)}</Td>
                  <Td label={HEADERS[5]}>{formatUsd(room.totalCents)}</Td>
                  <Td label={HEADERS[6]}>{room.cartQuantity}</Td>
                  <Td label={HEADERS[7]}>{dateText(room.checkIn)}</Td>
                  <Td label={HEADERS[8]}>{dateText(room.checkOut)}</Td>
                  <Td label={HEADERS[9]}>{room.newStock}</Td>
                  <Td label={HEADERS[10]}>
                    <BookingStatusBadge status={booking.status} />
                  </Td>
                  <Td label={HEADERS[11]}>
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
                  </Td>
                </Tr>
              );
            }),
          )}
        </Tbody>
      </StackedTable>
    </Box>
  );
}
