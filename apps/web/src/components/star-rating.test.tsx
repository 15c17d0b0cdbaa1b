import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { StarRating, starsPath } from './star-rating.tsx';

function stars(): HTMLElement {
  return screen.getByRole('img');
}

/** The points of each star of a path: `[[x, y], ...]` per `M…Z` run. */
function outlines(path: string): number[][][] {
  return path
    .split('Z')
    .filter(Boolean)
    .map((star) =>
      star
        .slice(1)
        .split('L')
        .map((point) => point.split(' ').map(Number)),
    );
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
    expect(row.getAttribute('style')).toContain(`clip-path: path('${starsPath(5, 20)}')`);
  });

  test('a value outside the scale is drawn at its bound', () => {
    const { unmount } = render(<StarRating value={9} max={4} label="Rated 9" />);
    expect(stars().getAttribute('aria-label')).toBe('Rated 9');
    expect(stars().style.getPropertyValue('--filled')).toBe('4');
    unmount();
    render(<StarRating value={-2} />);
    expect(stars().style.getPropertyValue('--filled')).toBe('0');
  });

  test('the clip path holds one ten-point star per tile, inside its tile', () => {
    const size = 18;
    const tile = size + 2;
    const drawn = outlines(starsPath(5, size));
    expect(drawn).toHaveLength(5);
    drawn.forEach((points, index) => {
      expect(points).toHaveLength(10);
      const xs = points.map(([x]) => x as number);
      const ys = points.map(([, y]) => y as number);
      expect(Math.min(...xs)).toBeGreaterThanOrEqual(index * tile);
      expect(Math.max(...xs)).toBeLessThanOrEqual((index + 1) * tile);
      expect(Math.min(...ys)).toBeGreaterThanOrEqual(0);
      expect(Math.max(...ys)).toBeLessThanOrEqual(size);
      // The first point is the top tip, centred in the tile.
      expect(points[0]?.[0]).toBeCloseTo(index * tile + tile / 2, 1);
    });
  });
});
