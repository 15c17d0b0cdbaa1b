import '@mantine/dates/styles.layer.css';
import { isIsoDate } from '@devstay/shared/calendar-date';
import { EVENTS_PER_PAGE, PAGE_MAX } from '@devstay/shared/constants';
import { Button, Container, Group, Pagination, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar, IconFilterOff } from '@tabler/icons-react';
import { useRef, useState } from 'react';
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

/** The page in the address: a whole number from 1, else the first. */
function pageFromParams(params: URLSearchParams): number {
  const raw = params.get('page') ?? '';
  const page = /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  return page >= 1 && page <= PAGE_MAX ? page : 1;
}

/**
 * /home/Events — the IT events the hotels publish, with a date filter (product §2.7), a page of
 * EVENTS_PER_PAGE at a time (the page in the address, as the hotel list keeps its own).
 */
export function EventsPage() {
  const [params, setParams] = useSearchParams();
  const range = rangeFromParams(params);
  const page = pageFromParams(params);
  const [picked, setPicked] = useState<Range>([range.from ?? null, range.to ?? null]);
  const events = useEvents(range, page);
  const filtered = Boolean(range.from);
  const listTop = useRef<HTMLParagraphElement>(null);
  const total = events.data?.total ?? 0;
  const pages = Math.ceil(total / EVENTS_PER_PAGE);

  const toPage = (next: number) => {
    setParams(
      { ...(range.from && range.to ? { from: range.from, to: range.to } : {}), page: String(next) },
      { preventScrollReset: true },
    );
    // The new page is read from its top: the count above the cards.
    listTop.current?.scrollIntoView({ block: 'start' });
  };
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

      <Text
        ref={listTop}
        size="sm"
        role="status"
        aria-live="polite"
        mb="sm"
        c="dimmed"
        style={{ scrollMarginTop: 'calc(var(--app-shell-header-height, 60px) + 8px)' }}
      >
        {events.isPending
          ? 'Loading events...'
          : events.data
            ? `${total} ${total === 1 ? 'event' : 'events'}${
                filtered ? ` from ${range.from} to ${range.to}` : ''
              }${pages > 1 ? `, page ${page} of ${pages}` : ''}`
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
      ) : events.data.items.length === 0 && page > 1 ? (
        <ListMessage
          title="This page has no events"
          text="The list is shorter than this page."
          action={{ label: 'First page', onClick: () => toPage(1) }}
        />
      ) : events.data.items.length === 0 ? (
        <ListMessage
          title={filtered ? 'No events match the selected dates' : 'No events published yet'}
          text={
            filtered
              ? 'Try a wider date range or clear the filter to see every event.'
              : 'Our hotels publish new events often. Come back soon.'
          }
        />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {events.data.items.map((event) => (
              <EventCard key={event.id} event={event} />
            ))}
          </SimpleGrid>
          {pages > 1 ? (
            <Group component="nav" aria-label="Event pages" justify="center" mt="xl">
              <Pagination
                total={pages}
                value={Math.min(page, pages)}
                onChange={toPage}
                getControlProps={(control) => ({ 'aria-label': `${control} page` })}
                getItemProps={(n) => ({
                  'aria-label': `Page ${n}`,
                  'aria-current': n === page ? 'page' : undefined,
                })}
              />
            </Group>
          ) : null}
        </>
      )}
    </Container>
  );
}
