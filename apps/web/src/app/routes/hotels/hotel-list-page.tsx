import { HOTELS_PER_PAGE, SKELETON_CARDS } from '@devstay/shared/constants';
import { totalPages } from '@devstay/shared/pagination';
import { Container, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigationType } from 'react-router';
import { HydrateLater } from '../../../components/hydrate-later.tsx';
import { ListMessage } from '../../../components/list-message.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { fetchCities } from '../../../features/hotels/api/get-cities.ts';
import { useHotels } from '../../../features/hotels/api/get-hotels.ts';
import { ActiveFilters } from '../../../features/hotels/components/active-filters.tsx';
import type { FilterKind } from '../../../features/hotels/components/filter-modal.tsx';
import { HotelCard } from '../../../features/hotels/components/hotel-card.tsx';
import { HotelCardSkeleton } from '../../../features/hotels/components/hotel-card-skeleton.tsx';
import { HotelToolbar } from '../../../features/hotels/components/hotel-toolbar.tsx';
import { useHotelListState } from '../../../features/hotels/hooks/use-hotel-list-state.ts';

const loadFilterModal = () => import('../../../features/hotels/components/filter-modal.tsx');
const FilterModal = lazy(() => loadFilterModal().then((m) => ({ default: m.FilterModal })));

// The page links sit below the list: their code follows the first load instead of being in it
// (the server's render includes them; the browser fetches their code when it draws them).
const HotelPagination = lazy(() =>
  import('../../../features/hotels/components/hotel-pagination.tsx').then((m) => ({
    default: m.HotelPagination,
  })),
);
/** The height of the page links (size lg), kept while their code arrives. */
const PAGINATION_HEIGHT = 42;

export const NO_MATCH_MESSAGE = 'No hotels match your search';

/** /home: the hotel catalogue with search, filters, sort and pages, all done by the server. */
export function HotelListPage() {
  const list = useHotelListState();
  const { params } = list;
  const hotels = useHotels(params);
  const queryClient = useQueryClient();
  const navigationType = useNavigationType();
  const [text, setText] = useState(params.name ?? '');
  const [filter, setFilter] = useState<{ kind: FilterKind; opened: boolean; opens: number }>();

  // Back and forward restore the search box along with the list.
  useEffect(() => {
    if (navigationType === 'POP') setText(params.name ?? '');
  }, [navigationType, params.name]);

  const total = hotels.data?.total ?? 0;
  const pages = totalPages(total, HOTELS_PER_PAGE);
  const pagination = list.paginationFor(pages);
  const items = hotels.data?.items ?? [];
  const showSkeleton = hotels.isPending;
  const outOfRange = !hotels.isPlaceholderData && items.length === 0 && total > 0;

  // A shared link to a page that no longer exists lands on the last page.
  useEffect(() => {
    if (outOfRange) list.goTo(pages, total, HOTELS_PER_PAGE);
  }, [outOfRange, pages, total, list.goTo]);

  const prepareFilter = (kind: FilterKind) => {
    void loadFilterModal();
    if (kind === 'city') {
      void queryClient.prefetchQuery({
        queryKey: ['hotels', 'cities'],
        queryFn: ({ signal }) => fetchCities(signal),
        staleTime: 5 * 60_000,
      });
    }
  };

  const clearAll = () => {
    setText('');
    list.clearAll();
  };

  const first = (params.page - 1) * HOTELS_PER_PAGE + 1;
  const last = first + items.length - 1;

  return (
    <Container size="xl" py="lg">
      <PageTitle documentTitle="Hotels">Find your hotel</PageTitle>
      <Text c="dimmed" mt={4}>
        Hotels around the country with rooms and services for software developers.
      </Text>

      <HotelToolbar
        text={text}
        onTextChange={setText}
        sort={params.sort}
        onType={list.searchName}
        onSearch={(name) => list.searchName(name, false)}
        onOpenFilter={(kind) =>
          setFilter((f) => ({ kind, opened: true, opens: (f?.opens ?? 0) + 1 }))
        }
        onPrepareFilter={prepareFilter}
        onClear={clearAll}
        onSort={list.setSort}
      />
      <ActiveFilters
        params={params}
        onRemove={(key) => {
          if (key === 'name') setText('');
          list.removeFilter(key);
        }}
      />

      <Text size="sm" role="status" aria-live="polite" mb="sm" c="dimmed">
        {showSkeleton
          ? 'Loading hotels...'
          : total > 0 && items.length > 0
            ? `Showing ${first}–${last} of ${total} ${total === 1 ? 'hotel' : 'hotels'}`
            : ''}
      </Text>

      {/* The cards hydrate after the search bar above them. */}
      <HydrateLater>
        {showSkeleton ? (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="lg" aria-busy="true">
            {Array.from({ length: SKELETON_CARDS }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <HotelCardSkeleton key={i} />
            ))}
          </SimpleGrid>
        ) : hotels.isError && !hotels.data ? (
          <ListMessage
            title="The hotels could not be loaded"
            text={hotels.error.message}
            action={{ label: 'Try again', onClick: () => hotels.refetch() }}
          />
        ) : total === 0 ? (
          <ListMessage
            title={NO_MATCH_MESSAGE}
            text="Try another name, city or star category, or clear the filters to see every hotel."
            action={{ label: 'Clear filters', onClick: clearAll, variant: 'default' }}
          />
        ) : (
          <SimpleGrid
            cols={{ base: 1, xs: 2, md: 3, lg: 4 }}
            spacing="lg"
            aria-busy={hotels.isFetching}
            style={{ opacity: hotels.isPlaceholderData ? 0.6 : 1 }}
          >
            {items.map((hotel, index) => (
              <HotelCard key={hotel.id} hotel={hotel} priority={index === 0} />
            ))}
          </SimpleGrid>
        )}
      </HydrateLater>

      {!showSkeleton && total > 0 ? (
        <Stack mt="xl" align="center" mih={PAGINATION_HEIGHT}>
          <Suspense fallback={null}>
            <HotelPagination
              state={pagination}
              pages={pages}
              onPage={(page) => list.goTo(page, total, HOTELS_PER_PAGE)}
            />
          </Suspense>
        </Stack>
      ) : null}

      {filter ? (
        <Suspense fallback={null}>
          <FilterModal
            key={`${filter.kind}-${filter.opens}`}
            kind={filter.kind}
            opened={filter.opened}
            current={
              filter.kind === 'city'
                ? params.city
                : params.qualification
                  ? String(params.qualification)
                  : undefined
            }
            onClose={() => setFilter((f) => (f ? { ...f, opened: false } : f))}
            onApply={(value) => list.setFilter(filter.kind, value)}
          />
        </Suspense>
      ) : null}
    </Container>
  );
}
