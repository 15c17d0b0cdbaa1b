import { IconStar, IconStarFilled } from '@tabler/icons-react';
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

/** A read-only row of stars (hotel category, review rating); plain elements, drawn often. */
export function StarRating({ value, max = 5, size = 18, label }: StarRatingProps) {
  const filled = Math.max(0, Math.min(Math.round(value), max));
  const stars = Array.from({ length: max }, (_, i) => i < filled);
  return (
    <span className={classes.row} role="img" aria-label={label ?? `${filled} out of ${max} stars`}>
      {stars.map((on, i) =>
        on ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: stars have no identity but their place
          <IconStarFilled key={i} size={size} aria-hidden="true" />
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: stars have no identity but their place
          <IconStar key={i} size={size} aria-hidden="true" className={classes.empty} />
        ),
      )}
    </span>
  );
}
