import type { CSSProperties } from 'react';
import classes from './star-rating.module.css';

interface StarRatingProps {
  /** Number of filled stars. */
  value: number;
  /** Number of stars in the row; defaults to 5. Pass `value` to show only filled stars. */
  max?: number;
  size?: number;
  /** Accessible description; defaults to 'N out of M stars'. */
  label?: string;
}

/** Each star sits centred in a tile 2px wider than it: the gap between stars. */
const GAP = 2;
/** Inner to outer radius of the star's points: a full, rounded-looking star at small sizes. */
const INNER_RATIO = 0.5;

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * The outline of `count` five-pointed stars of `size` pixels side by side, as an SVG path in
 * pixels: the row's clip path. A path rather than an SVG mask image, which the browser loads as
 * a document of its own on every page.
 * @internal
 */
export function starsPath(count: number, size: number): string {
  const outer = size / 2;
  const inner = outer * INNER_RATIO;
  // The points span from -outer to cos(36°)·outer vertically: centred in the box, not on its middle.
  const cy = outer + (outer - outer * Math.cos(Math.PI / 5)) / 2;
  let path = '';
  for (let star = 0; star < count; star++) {
    const cx = star * (size + GAP) + GAP / 2 + outer;
    for (let point = 0; point < 10; point++) {
      const radius = point % 2 === 0 ? outer : inner;
      const angle = (point * Math.PI) / 5;
      const x = round(cx + radius * Math.sin(angle));
      const y = round(cy - radius * Math.cos(angle));
      path += `${point === 0 ? 'M' : 'L'}${x} ${y}`;
    }
    path += 'Z';
  }
  return path;
}

/** The rows' outlines by number of stars and size: the same few on every card of a page. */
const clipPaths = new Map<string, string>();

function clipPathOf(count: number, size: number): string {
  const key = `${count}:${size}`;
  let clipPath = clipPaths.get(key);
  if (clipPath === undefined) {
    clipPath = `path('${starsPath(count, size)}')`;
    clipPaths.set(key, clipPath);
  }
  return clipPath;
}

/**
 * A read-only row of stars (hotel category, review rating). One element whatever the number of
 * stars: a list page shows dozens of rows, and drawn stars cost the phone at every one.
 */
export function StarRating({ value, max = 5, size = 18, label }: StarRatingProps) {
  const filled = Math.max(0, Math.min(Math.round(value), max));
  const style = {
    '--star-size': `${size}px`,
    '--stars': max,
    '--filled': filled,
    clipPath: clipPathOf(max, size),
  } as CSSProperties;
  return (
    <span
      className={classes.row}
      style={style}
      role="img"
      aria-label={label ?? `${filled} out of ${max} stars`}
    />
  );
}
