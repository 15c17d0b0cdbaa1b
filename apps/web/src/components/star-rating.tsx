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

/**
 * A read-only row of stars (hotel category, review rating). One element whatever the number of
 * stars: a list page shows dozens of rows, and drawn stars cost the phone at every one.
 */
export function StarRating({ value, max = 5, size = 18, label }: StarRatingProps) {
  const filled = Math.max(0, Math.min(Math.round(value), max));
  const style = { '--star-size': `${size}px`, '--stars': max, '--filled': filled } as CSSProperties;
  return (
    <span
      className={classes.row}
      style={style}
      role="img"
      aria-label={label ?? `${filled} out of ${max} stars`}
    />
  );
}
