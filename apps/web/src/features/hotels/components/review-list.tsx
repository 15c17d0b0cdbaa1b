import type { Review } from '@devstay/shared/contracts/catalogue';
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconRosetteDiscountCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { StarRating } from '../../../components/star-rating.tsx';
import { shortDate } from '../../../lib/date-text.ts';

function reviewDate(createdAt: string): string {
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime()) ? '' : shortDate(date);
}

interface ReviewListProps {
  reviews: Review[];
  /** What a screen adds to a review (the superAdmin's removal); nothing by default. */
  actions?: (review: Review) => ReactNode;
}

/** The hotel's reviews: reviewer, a row of as many stars as the rating, comment (product §2.5). */
export function ReviewList({ reviews, actions }: ReviewListProps) {
  return (
    <Stack gap="sm">
      {reviews.map((review) => (
        <Card key={review.id} withBorder padding="md" component="article">
          <Group justify="space-between" gap="xs">
            <Group gap="xs">
              <Text fw={700}>{review.name}</Text>
              {review.verifiedStay ? (
                <Badge
                  color="teal.9"
                  variant="outline"
                  leftSection={<IconRosetteDiscountCheck size={14} aria-hidden="true" />}
                >
                  Verified stay
                </Badge>
              ) : null}
            </Group>
            <Text size="sm" c="dimmed">
              {reviewDate(review.createdAt)}
            </Text>
          </Group>
          <Group mt={6}>
            <StarRating
              value={review.rating}
              max={review.rating}
              size={16}
              label={`Rated ${review.rating} out of 5`}
            />
          </Group>
          <Text mt="xs" style={{ whiteSpace: 'pre-line' }}>
            {review.comment}
          </Text>
          {actions ? (
            <Group justify="flex-end" mt="xs">
              {actions(review)}
            </Group>
          ) : null}
        </Card>
      ))}
    </Stack>
  );
}
