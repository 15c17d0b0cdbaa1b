import '@mantine/dates/styles.layer.css';
import { isIsoDate } from '@devstay/shared/calendar-date';
import { Button, Container, Group, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar, IconFilterOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { dateInputFormatter, datePickerProps } from '../../../components/date-picker-props.ts';
import { ListMessage } from '../../../components/list-message.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { type EventRange, useEvents } from '../../../features/events/api/get-events.ts';
import { EventCard } from '../../../features/events/components/event-card.tsx';
import { useDateLocale } from '../../../lib/date-text.ts';

type Range = [string | null, string | null];

function rangeFromParams(params: URLSearchParams): EventRange {
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  if (isIsoDate(from) && isIsoDate(to) && from <= to) return { from, to };
  return {};
}

/** /home/Events — the IT events the hotels publish, with a date filter (product §2.7). */
export function EventsPage() {
  const [params, setParams] = useSearchParams();
  const range = rangeFromParams(params);
  const [picked, setPicked] = useState<Range>([range.from ?? null, range.to ?? null]);
  const events = useEvents(range);
  const filtered = Boolean(range.from);
  const dateLocale = useDateLocale();

  const onRange = (value: Range) => {
    setPicked(value);
    const [from, to] = value;
    if (from && to) setParams({ from, to }, { preventScrollReset: true });
    else if (!from && !to) setParams({}, { preventScrollReset: true });
  };

  const clear = () => {
    setPicked([null, null]);
    setParams({}, { preventScrollReset: true });
  };

  return (
    <Container size="xl" py="lg">
      <PageTitle documentTitle="Events">IT events</PageTitle>
      <Text c="dimmed" mt={4}>
        Meetups, conferences and hackathons hosted by our hotels. Book a room next to the stage.
      </Text>

      <Group align="flex-end" my="md" gap="sm">
        <DatePickerInput
          type="range"
          label="Filter by date"
          {...datePickerProps('event-dates')}
          placeholder="Choose a date range"
          value={picked}
          onChange={onRange}
          valueFormatter={dateInputFormatter(dateLocale)}
          clearable
          allowSingleDateInRange
          leftSection={<IconCalendar size={18} aria-hidden="true" />}
          miw={260}
          clearButtonProps={{ 'aria-label': 'Clear date filter' }}
        />
        <Button
          variant="subtle"
          leftSection={<IconFilterOff size={18} aria-hidden="true" />}
          onClick={clear}
        >
          Clear filters
        </Button>
      </Group>

      <Text size="sm" role="status" aria-live="polite" mb="sm" c="dimmed">
        {events.isPending
          ? 'Loading events...'
          : events.data
            ? `${events.data.length} ${events.data.length === 1 ? 'event' : 'events'}${
                filtered ? ` from ${range.from} to ${range.to}` : ''
              }`
            : ''}
      </Text>

      {events.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={420} />
          ))}
        </SimpleGrid>
      ) : events.isError ? (
        <ListMessage
          title="The events could not be loaded"
          text={events.error.message}
          action={{ label: 'Try again', onClick: () => events.refetch() }}
        />
      ) : events.data.length === 0 ? (
        <ListMessage
          title={filtered ? 'No events match the selected dates' : 'No events published yet'}
          text={
            filtered
              ? 'Try a wider date range or clear the filter to see every event.'
              : 'Our hotels publish new events often. Come back soon.'
          }
        />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {events.data.map((event) => (
            <EventCard key={event.id} event={event} />
          ))}
        </SimpleGrid>
      )}
    </Container>
  );
}
