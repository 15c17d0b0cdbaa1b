import { HOTELS_PER_PAGE, SKELETON_CARDS } from '@devstay/shared/constants';
import type { HotelCard as HotelCardData } from '@devstay/shared/contracts/catalogue';
import { type PaginationState, totalPages } from '@devstay/shared/pagination';
import type { StayDates } from '@devstay/shared/paths';
import { Stack, Text } from '@mantine/core';
import { Suspense, useEffect, useMemo } from 'react';
import { HydrateLater } from '../../../components/hydrate-later.tsx';
import { ListMessage } from '../../../components/list-message.tsx';
import type { Page } from '../../../lib/api.ts';
import { lazyPart } from '../../../lib/lazy-part.ts';
import { HotelCard } from './hotel-card.tsx';
import { HotelCardSkeleton } from './hotel-card-skeleton.tsx';
import classes from './hotel-results.module.css';

// The page links sit below the list: their code follows the first load instead of being in it
// (the server's render includes them; the browser fetches their code when it draws them).
const HotelPagination = lazyPart(() =>
  import('./hotel-pagination.tsx').then((m) => m.HotelPagination),
);
/** The height of the page links (size lg), kept while their code arrives. */
const PAGINATION_HEIGHT = 42;

/** @internal */
export const NO_MATCH_MESSAGE = 'No hotels match your search';

/**
 * The part of a hotel list query the results read (TanStack Query's result).
 * @internal
 */
export interface HotelPageQuery {
  data: Page<HotelCardData> | undefined;
  error: Error | null;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  /** The previous page shown while the next one loads. */
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

interface HotelResultsProps {
  /** One page of hotels, `HOTELS_PER_PAGE` long, as its query has it. */
  hotels: HotelPageQuery;
  /** The page the address asks for, from 1. */
  page: number;
  /** The page links' window for this many pages (`useHotelListState().paginationFor`). */
  paginationFor: (pages: number) => PaginationState;
  /** Opens another page of the `total` hotels, or more (`useHotelListState().goTo`). */
  onPage: (page: number, total: number, pageSize: number, totalIsLowerBound: boolean) => void;
  /** 'Clear filters' when nothing matches. */
  onClearFilters: () => void;
  /** The stay searched: each card carries it to its hotel's rooms. */
  stay?: StayDates;
}

/**
 * A page of hotel cards (product §2.4): skeleton cards while the first page loads, the failure with
 * 'Try again', 'no match' with 'Clear filters', else the cards, how many are shown and the page
 * links. The previous page stays, dimmed, while the next one loads.
 */
export function HotelResults({
  hotels,
  page,
  paginationFor,
  onPage,
  onClearFilters,
  stay,
}: HotelResultsProps) {
  const total = hotels.data?.total ?? 0;
  // A search on rooms stops counting at some point: "1,000+ hotels", the pages up to it and next.
  const more = hotels.data?.totalIsLowerBound === true;
  const pages = totalPages(total, HOTELS_PER_PAGE, more);
  const items = hotels.data?.items ?? [];
  const showSkeleton = hotels.isPending;
  const outOfRange = !hotels.isPlaceholderData && items.length === 0 && total > 0;

  // A shared link to a page that no longer exists lands on the last page.
  useEffect(() => {
    if (outOfRange) onPage(pages, total, HOTELS_PER_PAGE, more);
  }, [outOfRange, pages, total, more, onPage]);

  // The same element while the pages stay (see hotel-list-page's stay fields): a new one before
  // the links' code arrives would drop their server markup.
  const pagination = useMemo(
    () => (
      <Suspense fallback={null}>
        <HotelPagination
          state={paginationFor(pages)}
          pages={pages}
          lastKnown={!more}
          onPage={(to) => onPage(to, total, HOTELS_PER_PAGE, more)}
        />
      </Suspense>
    ),
    [paginationFor, pages, more, onPage, total],
  );

  const first = (page - 1) * HOTELS_PER_PAGE + 1;
  const last = first + items.length - 1;

  return (
    <>
      <Text size="sm" role="status" aria-live="polite" mb="sm" c="dimmed">
        {showSkeleton
          ? 'Loading hotels...'
          : total > 0 && items.length > 0
            ? `Showing ${first}–${last} of ${total.toLocaleString('en-US')}${more ? '+' : ''} ${total === 1 && !more ? 'hotel' : 'hotels'}`
            : ''}
      </Text>

      {/* The cards hydrate after what is above them (the search bar). */}
      <HydrateLater>
        {showSkeleton ? (
          <div className={classes.grid} aria-busy="true">
            {Array.from({ length: SKELETON_CARDS }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <HotelCardSkeleton key={i} />
            ))}
          </div>
        ) : hotels.isError && !hotels.data ? (
          <ListMessage
            title="The hotels could not be loaded"
            text={hotels.error?.message}
            action={{ label: 'Try again', onClick: () => hotels.refetch() }}
          />
        ) : total === 0 ? (
          <ListMessage
            title={NO_MATCH_MESSAGE}
            text={
              stay
                ? 'No hotel has a room free for these dates with these filters: try other dates, or clear the filters to see every hotel.'
                : 'Try another hotel name or destination (a city, neighbourhood or province), another star category, or clear the filters to see every hotel.'
            }
            action={{ label: 'Clear filters', onClick: onClearFilters, variant: 'default' }}
          />
        ) : (
          <div
            className={classes.grid}
            aria-busy={hotels.isFetching}
            style={{ opacity: hotels.isPlaceholderData ? 0.6 : 1 }}
          >
            {items.map((hotel, index) => (
              <HotelCard key={hotel.id} hotel={hotel} priority={index === 0} stay={stay} />
            ))}
          </div>
        )}
      </HydrateLater>

      {!showSkeleton && total > 0 ? (
        <Stack mt="xl" align="center" mih={PAGINATION_HEIGHT}>
          {pagination}
        </Stack>
      ) : null}
    </>
  );
}
