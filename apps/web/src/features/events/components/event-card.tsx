import { isIsoDate } from '@devstay/shared/calendar-date';
import type { Event } from '@devstay/shared/contracts/catalogue';
import { paths } from '@devstay/shared/paths';
import { addDays } from '@devstay/shared/stay';
import { timeZoneName } from '@devstay/shared/time-zone-name';
import { Anchor, Button, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconClock, IconMapPin } from '@tabler/icons-react';
import { Link } from 'react-router';
import { CalendarDownload } from '../../../components/calendar-download.tsx';
import { useDateText } from '../../../lib/date-text.ts';
import { IMAGE_SIZES, responsiveImage } from '../../../lib/image-url.ts';
import { locationText } from '../../../lib/location.ts';
import { eventCalendarUrl } from '../api/get-events.ts';

/** An event's calendar date, shown without any time-zone shift. */
function eventDay(date: string): string {
  return date.slice(0, 10);
}

/** '19:00 hrs (Buenos Aires time)': the event's time in its hotel's zone, named for people. */
function displayTime(time: string, timeZone: string): string {
  return `${time.slice(0, 5)} hrs (${timeZoneName(timeZone)} time)`;
}

/** An IT event hosted by a hotel: picture, hotel, name, date, time, description, place. */
export function EventCard({ event }: { event: Event }) {
  const name = event.name;
  const hotelName = event.Hotels.name;
  const location = locationText(event.Hotels.Locations[0]);
  const day = eventDay(event.date);
  const dateText = useDateText();
  const stay = isIsoDate(day) ? { checkIn: day, checkOut: addDays(day, 1) } : undefined;
  return (
    <Card withBorder padding="md" component="article" h="100%">
      <Card.Section>
        <Image
          {...responsiveImage(event.image[0], IMAGE_SIZES.card)}
          alt={`${name}, event`}
          h={180}
          fit="cover"
          loading="lazy"
        />
      </Card.Section>
      <Stack gap={6} mt="sm" style={{ flexGrow: 1 }}>
        <Title order={2} size="h4">
          {name}
        </Title>
        <Text size="sm">
          Hosted by{' '}
          <Anchor component={Link} to={paths.hotel(event.Hotels.id)} fw={600}>
            {hotelName}
          </Anchor>
        </Text>
        <Group gap="md">
          <Group gap={4} wrap="nowrap">
            <IconCalendarEvent size={16} aria-hidden="true" />
            <Text size="sm" fw={500}>
              <time dateTime={day}>{isIsoDate(day) ? dateText(day) : event.date}</time>
            </Text>
          </Group>
          <Group gap={4} wrap="nowrap">
            <IconClock size={16} aria-hidden="true" />
            <Text size="sm" fw={500}>
              {displayTime(event.time, event.timeZone)}
            </Text>
          </Group>
        </Group>
        <Text size="sm" c="dimmed" lineClamp={4}>
          {event.description}
        </Text>
        <Group gap={4} wrap="nowrap" align="flex-start" mt="auto">
          <IconMapPin size={16} aria-hidden="true" style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="sm">
            {event.Hotels.address}
            {location ? (
              <>
                <br />
                {location}
              </>
            ) : null}
          </Text>
        </Group>
        <Button
          component={Link}
          to={paths.hotel(event.Hotels.id, stay)}
          variant="light"
          mt="xs"
          aria-label={`Find a room at ${hotelName} for ${name}`}
        >
          Find a room
        </Button>
        {event.roomFree === false && stay ? (
          <Text size="sm" role="note">
            {hotelName} has no room free on the night of this event.{' '}
            <Anchor
              component={Link}
              to={paths.hotelsWithRooms(event.Hotels.Locations[0]?.city ?? '', stay)}
            >
              {`Other hotels in ${event.Hotels.Locations[0]?.city ?? ''} with rooms for these dates`}
            </Anchor>
          </Text>
        ) : null}
        <CalendarDownload href={eventCalendarUrl(event.id)} what={name} variant="subtle" />
      </Stack>
    </Card>
  );
}
