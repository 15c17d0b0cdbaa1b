import { PAGE_WINDOW_SHIFT, PAGE_WINDOW_SIZE } from './constants.ts';

/**
 * The pagination bar's state (product §3, §4): the current page and a window of page numbers.
 * The pages shown are those p with minPageNumber < p <= maxPageNumber (defaults 0..5 → 1..5).
 */
export interface PaginationState {
  actualPage: number;
  minPageNumber: number;
  maxPageNumber: number;
}

export const INITIAL_PAGINATION: PaginationState = {
  actualPage: 1,
  minPageNumber: 0,
  maxPageNumber: PAGE_WINDOW_SIZE,
};

/**
 * The pages of a list of `totalItems`. When the count stopped early (`lowerBound`: there are
 * more than `totalItems`), the pages it covers and the next one, which holds the match after it.
 */
export function totalPages(totalItems: number, pageSize: number, lowerBound = false): number {
  if (lowerBound) return Math.floor(totalItems / pageSize) + 1;
  return Math.max(1, Math.ceil(totalItems / pageSize));
}

/** The page numbers the bar shows for a state. */
export function visiblePages(state: PaginationState, pages: number): number[] {
  const shown: number[] = [];
  for (let p = state.minPageNumber + 1; p <= Math.min(state.maxPageNumber, pages); p++) {
    shown.push(p);
  }
  return shown;
}

/**
 * Moves to `page` with the product's window rules: choosing a page at or beyond the upper bound
 * shifts the window forward by 4; at or below the lower bound + 1 (and not page 1) shifts it
 * back by 4. Beyond product §4, the window never shifts past the last page or below page 1, and a
 * jump (first, last) that lands outside the window re-anchors it so the chosen page is visible.
 */
export function goToPage(state: PaginationState, page: number, pages: number): PaginationState {
  const target = Math.min(Math.max(1, Math.trunc(page)), Math.max(1, pages));
  let { minPageNumber, maxPageNumber } = state;

  if (target >= maxPageNumber && maxPageNumber < pages) {
    minPageNumber += PAGE_WINDOW_SHIFT;
    maxPageNumber += PAGE_WINDOW_SHIFT;
  } else if (target <= minPageNumber + 1 && target !== 1 && minPageNumber > 0) {
    minPageNumber = Math.max(0, minPageNumber - PAGE_WINDOW_SHIFT);
    maxPageNumber = minPageNumber + PAGE_WINDOW_SIZE;
  }

  if (target <= minPageNumber || target > maxPageNumber) {
    // A jump far away: anchor the window so the target sits inside it.
    minPageNumber = target === 1 ? 0 : Math.max(0, Math.min(target - 1, pages - PAGE_WINDOW_SIZE));
    maxPageNumber = minPageNumber + PAGE_WINDOW_SIZE;
  }
  if (target === 1) {
    minPageNumber = 0;
    maxPageNumber = PAGE_WINDOW_SIZE;
  }
  return { actualPage: target, minPageNumber, maxPageNumber };
}
