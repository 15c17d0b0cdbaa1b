import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { goToPage, INITIAL_PAGINATION, totalPages, visiblePages } from './pagination.ts';

describe('pagination window (product §4)', () => {
  test('starts on page 1 with the window 0..5 showing pages 1-5', () => {
    expect(INITIAL_PAGINATION).toEqual({ actualPage: 1, minPageNumber: 0, maxPageNumber: 5 });
    expect(visiblePages(INITIAL_PAGINATION, 20)).toEqual([1, 2, 3, 4, 5]);
  });

  test('shows fewer numbers when there are fewer pages', () => {
    expect(visiblePages(INITIAL_PAGINATION, 3)).toEqual([1, 2, 3]);
  });

  test('a page inside the window does not move it', () => {
    expect(goToPage(INITIAL_PAGINATION, 3, 20)).toEqual({
      actualPage: 3,
      minPageNumber: 0,
      maxPageNumber: 5,
    });
  });

  test('choosing the page at the upper bound shifts the window forward by 4', () => {
    const s = goToPage(INITIAL_PAGINATION, 5, 20);
    expect(s).toEqual({ actualPage: 5, minPageNumber: 4, maxPageNumber: 9 });
    expect(visiblePages(s, 20)).toEqual([5, 6, 7, 8, 9]);
  });

  test('choosing the page at the lower bound + 1 shifts it back by 4', () => {
    const forward = goToPage(INITIAL_PAGINATION, 5, 20);
    const back = goToPage(forward, 5, 20);
    expect(back).toEqual({ actualPage: 5, minPageNumber: 0, maxPageNumber: 5 });
  });

  test('next from the upper bound keeps walking forward', () => {
    let s = INITIAL_PAGINATION;
    for (let p = 2; p <= 9; p++) s = goToPage(s, p, 20);
    expect(s).toEqual({ actualPage: 9, minPageNumber: 8, maxPageNumber: 13 });
    expect(visiblePages(s, 20)).toEqual([9, 10, 11, 12, 13]);
  });

  test('page 1 always resets the window', () => {
    const far = goToPage(goToPage(INITIAL_PAGINATION, 5, 20), 9, 20);
    expect(goToPage(far, 1, 20)).toEqual(INITIAL_PAGINATION);
  });

  test('the last page brings the window to the end', () => {
    const s = goToPage(INITIAL_PAGINATION, 20, 20);
    expect(s.actualPage).toBe(20);
    expect(visiblePages(s, 20)).toContain(20);
    expect(visiblePages(s, 20)).toHaveLength(5);
  });

  test('does not shift past the last page', () => {
    expect(goToPage(INITIAL_PAGINATION, 5, 5)).toEqual({
      actualPage: 5,
      minPageNumber: 0,
      maxPageNumber: 5,
    });
  });

  test('clamps pages outside 1..pages', () => {
    expect(goToPage(INITIAL_PAGINATION, 0, 10).actualPage).toBe(1);
    expect(goToPage(INITIAL_PAGINATION, 99, 10).actualPage).toBe(10);
  });

  test('whatever the moves, the current page is always visible and the window has 5 slots', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.array(fc.integer({ min: -2, max: 65 }), { maxLength: 30 }),
        (pages, moves) => {
          let s = INITIAL_PAGINATION;
          for (const m of moves) {
            s = goToPage(s, m, pages);
            expect(s.minPageNumber).toBeGreaterThanOrEqual(0);
            expect(s.maxPageNumber - s.minPageNumber).toBe(5);
            expect(visiblePages(s, pages)).toContain(s.actualPage);
          }
        },
      ),
    );
  });

  test('total pages of a result', () => {
    expect(totalPages(0, 8)).toBe(1);
    expect(totalPages(8, 8)).toBe(1);
    expect(totalPages(9, 8)).toBe(2);
    expect(totalPages(100_000, 8)).toBe(12_500);
  });

  test('a count that stopped early has the page after it too', () => {
    // More than 1,000 hotels: pages 1–125 are full, page 126 starts with the 1,001st.
    expect(totalPages(1000, 8, true)).toBe(126);
    // More than 10: 9–10 on page 2, the 11th on it too.
    expect(totalPages(10, 8, true)).toBe(2);
    expect(totalPages(16, 8, true)).toBe(3);
  });
});
