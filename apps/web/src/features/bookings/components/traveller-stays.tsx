import type { TravellerStay } from '@devstay/shared/contracts/booking';
import { paths } from '@devstay/shared/paths';
import { capitalize } from '@devstay/shared/text';
import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useDateText } from '../../../lib/date-text.ts';
import { BookingStatusBadge } from './booking-status-badge.tsx';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}

/**
 * The stays others booked for the signed-in account (a team trip's traveller): each marked as
 * booked for them by the organiser, with where and when — no price, no payment: those are the
 * organiser's.
 */
export function TravellerStays({ stays }: { stays: readonly TravellerStay[] }) {
  const dateText = useDateText();
  return (
    <Stack gap="sm" component="section" aria-labelledby="booked-for-you">
      <Title order={2} size="h4" id="booked-for-you">
        Booked for you
      </Title>
      {stays.map((stay) => (
        <Card
          key={stay.line}
          withBorder
          padding="md"
          radius="md"
          component="article"
          aria-label={`Booked for you: ${stay.hotel}, ${capitalize(stay.name)}`}
        >
          <Stack gap="sm">
            <Group justify="space-between" wrap="nowrap">
              <Title order={3} size="h5">
                <Anchor component={Link} to={paths.hotel(stay.idHotel)}>
                  {stay.hotel}
                </Anchor>
              </Title>
              <BookingStatusBadge status={stay.status === 'booked' ? 'confirmed' : 'cancelled'} />
            </Group>
            <Text size="sm" fw={600}>
              Booked for you by {stay.bookedBy}
            </Text>
            <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
              <Field label="Room" value={capitalize(stay.name)} />
              <Field label="Check-in" value={dateText(stay.checkIn)} />
              <Field label="Check-out" value={dateText(stay.checkOut)} />
              <Field label="Address" value={stay.address} />
              <Field label="Rooms" value={String(stay.cartQuantity)} />
              <Field label="Guests" value={String(stay.guests)} />
            </SimpleGrid>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
