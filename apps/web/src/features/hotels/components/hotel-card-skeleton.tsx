import { Skeleton } from '@mantine/core';
import classes from './hotel-card.module.css';

/**
 * A placeholder with the shape of a hotel card, shown while the list loads: the card's own frame
 * (plain elements, as the card is), not Mantine's Card, whose code would load with every page.
 */
export function HotelCardSkeleton() {
  return (
    <div
      className={`${classes.card} ${classes.placeholder}`}
      aria-hidden="true"
      data-testid="hotel-card-skeleton"
    >
      <Skeleton height={180} radius={0} />
      <div className={classes.body}>
        <Skeleton height={20} width="70%" />
        <Skeleton height={16} width="45%" />
        <Skeleton height={14} width="85%" />
        <Skeleton height={16} width="50%" />
        <Skeleton height={14} width="40%" />
      </div>
    </div>
  );
}
