import type { Review } from '@devstay/shared/contracts/catalogue';
import { Badge } from '@mantine/core';
import { IconRosetteDiscountCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { StarRating } from '../../../components/star-rating.tsx';
import { useDateText } from '../../../lib/date-text.ts';
import classes from './review-list.module.css';

interface ReviewListProps {
  reviews: Review[];
  /** What a screen adds to a review (the superAdmin's removal); nothing by default. */
  actions?: (review: Review) => ReactNode;
}

/**
 * The hotel's reviews: reviewer, a row of as many stars as the rating, comment (product §2.5).
 * Plain elements styled like Mantine's cards: a hotel page shows every review, drawn by the
 * server and hydrated on arrival.
 */
export function ReviewList({ reviews, actions }: ReviewListProps) {
  const dateText = useDateText();
  return (
    <div className={classes.list}>
      {reviews.map((review) => (
        <article key={review.id} className={classes.card}>
          <div className={classes.head}>
            <div className={classes.who}>
              <p className={classes.name}>{review.name}</p>
              {review.verifiedStay ? (
                <Badge
                  color="teal.9"
                  variant="outline"
                  leftSection={<IconRosetteDiscountCheck size={14} aria-hidden="true" />}
                >
                  Verified stay
                </Badge>
              ) : null}
            </div>
            <p className={classes.date}>{dateText(review.createdAt)}</p>
          </div>
          <div className={classes.stars}>
            <StarRating
              value={review.rating}
              max={review.rating}
              size={16}
              label={`Rated ${review.rating} out of 5`}
            />
          </div>
          <p className={classes.comment}>{review.comment}</p>
          {actions ? <div className={classes.actions}>{actions(review)}</div> : null}
        </article>
      ))}
    </div>
  );
}
