import { type PaginationState, visiblePages } from '@devstay/shared/pagination';
import {
  Group,
  PaginationControl,
  PaginationFirst,
  PaginationLast,
  PaginationNext,
  PaginationPrevious,
  PaginationRoot,
} from '@mantine/core';
import { KeptElement } from '../../../components/kept-markup.tsx';

interface HotelPaginationProps {
  state: PaginationState;
  pages: number;
  /** False when the list stopped counting ("1,000+"): its last page is unknown, no Last. */
  lastKnown?: boolean;
  onPage: (page: number) => void;
}

/**
 * First, previous, a window of page numbers, next and last (product §2.4). Which numbers show is
 * the shared window rule (`visiblePages`); where a click leads is computed by the caller.
 */
export function HotelPagination({ state, pages, lastKnown = true, onPage }: HotelPaginationProps) {
  const shown = visiblePages(state, pages);
  // The server draws the bar once for each window, page and count.
  return (
    <KeptElement
      as="nav"
      keptAs={`hotel-pages-${state.actualPage}-${state.minPageNumber}-${state.maxPageNumber}-${pages}-${lastKnown ? 'last' : 'open'}`}
      aria-label="Hotel list pages"
    >
      <PaginationRoot total={pages} value={state.actualPage} onChange={onPage} size="lg">
        <Group gap={6} justify="center" wrap="wrap">
          <PaginationFirst aria-label="First page" />
          <PaginationPrevious aria-label="Previous page" />
          {shown.map((page) => {
            const active = page === state.actualPage;
            return (
              <PaginationControl
                key={page}
                active={active}
                aria-current={active ? 'page' : undefined}
                aria-label={`Page ${page}`}
                onClick={() => onPage(page)}
              >
                {page}
              </PaginationControl>
            );
          })}
          <PaginationNext aria-label="Next page" />
          {lastKnown ? <PaginationLast aria-label="Last page" /> : null}
        </Group>
      </PaginationRoot>
    </KeptElement>
  );
}
