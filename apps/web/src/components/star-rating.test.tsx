import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { StarRating } from './star-rating.tsx';

function stars(): HTMLElement {
  return screen.getByRole('img');
}

describe('star rating', () => {
  test('one element named for readers, as many filled stars as the rounded value', () => {
    render(<StarRating value={3.6} size={20} />);
    const row = stars();
    expect(row.getAttribute('aria-label')).toBe('4 out of 5 stars');
    expect(row.childElementCount).toBe(0);
    expect(row.style.getPropertyValue('--filled')).toBe('4');
    expect(row.style.getPropertyValue('--stars')).toBe('5');
    expect(row.style.getPropertyValue('--star-size')).toBe('20px');
  });

  test('a value outside the scale is drawn at its bound', () => {
    const { unmount } = render(<StarRating value={9} max={4} label="Rated 9" />);
    expect(stars().getAttribute('aria-label')).toBe('Rated 9');
    expect(stars().style.getPropertyValue('--filled')).toBe('4');
    unmount();
    render(<StarRating value={-2} />);
    expect(stars().style.getPropertyValue('--filled')).toBe('0');
  });
});
