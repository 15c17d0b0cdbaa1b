import { Card, Skeleton, Stack } from '@mantine/core';

/** A placeholder with the shape of a hotel card, shown while the list loads. */
export function HotelCardSkeleton() {
  return (
    <Card withBorder padding="md" aria-hidden="true" data-testid="hotel-card-skeleton">
      <Card.Section>
        <Skeleton height={180} radius={0} />
      </Card.Section>
      <Stack gap={10} mt="sm">
        <Skeleton height={20} width="70%" />
        <Skeleton height={16} width="45%" />
        <Skeleton height={14} width="85%" />
        <Skeleton height={14} width="40%" />
      </Stack>
    </Card>
  );
}
