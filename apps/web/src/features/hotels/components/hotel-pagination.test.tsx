import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { HotelPagination } from './hotel-pagination.tsx';

function renderPagination(actualPage: number, window: [number, number], pages: number) {
  const onPage = vi.fn();
  render(
    <MantineProvider>
      <HotelPagination
        state={{ actualPage, minPageNumber: window[0], maxPageNumber: window[1] }}
        pages={pages}
        onPage={onPage}
      />
    </MantineProvider>,
  );
  return onPage;
}

function pageNumbers(): string[] {
  return screen
    .getAllByRole('button', { name: /^Page \d+$/ })
    .map((button) => button.textContent ?? '');
}

describe('hotel list pagination', () => {
  test('shows the window of page numbers, the current one marked', () => {
    renderPagination(6, [4, 9], 12);
    expect(pageNumbers()).toEqual(['5', '6', '7', '8', '9']);
    expect(screen.getByRole('button', { name: 'Page 6' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(screen.getByRole('button', { name: 'Page 7' }).getAttribute('aria-current')).toBeNull();
  });

  test('the window stops at the last page', () => {
    renderPagination(2, [0, 5], 3);
    expect(pageNumbers()).toEqual(['1', '2', '3']);
  });

  test('each control asks for its page', () => {
    const onPage = renderPagination(6, [4, 9], 12);
    fireEvent.click(screen.getByRole('button', { name: 'Page 8' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    fireEvent.click(screen.getByRole('button', { name: 'First page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Last page' }));
    expect(onPage.mock.calls.map(([page]) => page)).toEqual([8, 7, 5, 1, 12]);
  });

  test('first and previous are off on page 1, next and last on the last page', () => {
    renderPagination(1, [0, 5], 1);
    for (const name of ['First page', 'Previous page', 'Next page', 'Last page']) {
      expect(screen.getByRole('button', { name })).toHaveProperty('disabled', true);
    }
  });
});
