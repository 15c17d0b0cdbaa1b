import { Group } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';

interface StarRatingProps {
  /** Number of filled stars. */
  value: number;
  /** Number of stars in the row; defaults to 5. Pass `value` to show only filled stars. */
  max?: number;
  size?: number;
  /** Accessible description; defaults to 'N out of M stars'. */
  label?: string;
}

/** A read-only row of stars (hotel category, review rating). */
export function StarRating({ value, max = 5, size = 18, label }: StarRatingProps) {
  const filled = Math.max(0, Math.min(Math.round(value), max));
  const stars = Array.from({ length: max }, (_, i) => i < filled);
  return (
    <Group
      gap={2}
      wrap="nowrap"
      role="img"
      aria-label={label ?? `${filled} out of ${max} stars`}
      c="yellow.7"
    >
      {stars.map((on, i) =>
        on ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: stars have no identity but their place
          <IconStarFilled key={i} size={size} aria-hidden="true" />
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: stars have no identity but their place
          <IconStar key={i} size={size} aria-hidden="true" color="var(--mantine-color-gray-6)" />
        ),
      )}
    </Group>
  );
}
