import type { HotelFilterKey } from '@devstay/shared/hotel-list-params';
import { Container, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigationType } from 'react-router';
import { PageTitle } from '../../../components/page-title.tsx';
import { fetchCities } from '../../../features/hotels/api/get-cities.ts';
import { useHotels } from '../../../features/hotels/api/get-hotels.ts';
import {
  fetchRoomServices,
  ROOM_SERVICES_KEY,
} from '../../../features/hotels/api/get-room-services.ts';
import type { FilterKind } from '../../../features/hotels/components/filter-modal.tsx';
import { HotelResults } from '../../../features/hotels/components/hotel-results.tsx';
import { HotelToolbar } from '../../../features/hotels/components/hotel-toolbar.tsx';
import {
  ATTRIBUTE_FILTERS,
  hasActiveFilter,
} from '../../../features/hotels/hooks/hotel-filters.ts';
import { useHotelListState } from '../../../features/hotels/hooks/use-hotel-list-state.ts';
import { lazyPart } from '../../../lib/lazy-part.ts';

// The stay's fields follow the first load (the server's render draws them; their code, with the
// stay rules, is fetched as the page hydrates).
const StaySearch = lazyPart(() =>
  import('../../../features/hotels/components/stay-search.tsx').then((m) => m.StaySearch),
);

// The chips of the filters in force follow the first load too: most visits start with none.
const loadActiveFilters = () => import('../../../features/hotels/components/active-filters.tsx');
const ActiveFilters = lazyPart(() => loadActiveFilters().then((m) => m.ActiveFilters));

const loadFilterModal = () => import('../../../features/hotels/components/filter-modal.tsx');
const FilterModal = lazyPart(() => loadFilterModal().then((m) => m.FilterModal));

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

  const prepareFilter = (kind: FilterKind) => {
    void loadFilterModal();
    void loadActiveFilters();
    if (kind === 'services') {
      void queryClient.prefetchQuery({
        queryKey: ROOM_SERVICES_KEY,
        queryFn: ({ signal }) => fetchRoomServices(signal),
        staleTime: 5 * 60_000,
      });
    }
    if (kind === 'city') {
      void queryClient.prefetchQuery({
        queryKey: ['hotels', 'cities'],
        queryFn: ({ signal }) => fetchCities(signal),
        staleTime: 5 * 60_000,
      });
    }
  };

  // The same element from render to render while the stay stays: the fields' server markup is
  // kept until their code arrives. A new element would be an update to a boundary not yet
  // hydrated, which React answers by dropping that markup for the (empty) fallback: the page
  // below jumped up and back down.
  const { stay, rooms, guests } = params;
  const stayFields = useMemo(
    () => (
      <Suspense fallback={null}>
        <StaySearch stay={stay} rooms={rooms} guests={guests} onSearch={list.setStay} />
      </Suspense>
    ),
    [stay, rooms, guests, list.setStay],
  );

  // The same element while the filters stay (as the stay fields' above).
  const { removeFilter } = list;
  const removeChip = useCallback(
    (key: HotelFilterKey) => {
      if (key === 'name') setText('');
      removeFilter(key);
    },
    [removeFilter],
  );
  const chips = useMemo(
    () =>
      hasActiveFilter(params) ? (
        <Suspense fallback={null}>
          <ActiveFilters params={params} onRemove={removeChip} />
        </Suspense>
      ) : null,
    [params, removeChip],
  );

  const clearAll = () => {
    setText('');
    list.clearAll();
  };

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
        attributes={ATTRIBUTE_FILTERS.flatMap(({ key }) => (params[key] ? [key] : []))}
        onAttribute={list.setAttribute}
        onSort={list.setSort}
        stayFields={stayFields}
      />
      {chips}

      <HotelResults
        hotels={hotels}
        page={params.page}
        paginationFor={list.paginationFor}
        onPage={list.goTo}
        onClearFilters={clearAll}
        stay={params.stay && { ...params.stay, guests: params.guests, rooms: params.rooms }}
      />

      {filter ? (
        <Suspense fallback={null}>
          <FilterModal
            key={`${filter.kind}-${filter.opens}`}
            kind={filter.kind}
            opened={filter.opened}
            current={
              filter.kind === 'city'
                ? params.city
                : filter.kind === 'services'
                  ? params.services?.join(',')
                  : params.qualification
                    ? String(params.qualification)
                    : undefined
            }
            onClose={() => setFilter((f) => (f ? { ...f, opened: false } : f))}
            onApply={(value) =>
              filter.kind === 'services'
                ? list.setServices(value.split(',').map(Number))
                : list.setFilter(filter.kind, value)
            }
          />
        </Suspense>
      ) : null}
    </Container>
  );
}
