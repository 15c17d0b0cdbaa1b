import type { HotelCard as HotelCardData } from '@devstay/shared/contracts/catalogue';
import { capitalize } from '@devstay/shared/text';
import { Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { Link } from 'react-router';
import { StarRating } from '../../../components/star-rating.tsx';
import { IMAGE_SIZES, responsiveImage } from '../../../lib/image-url.ts';
import { locationText } from '../../../lib/location.ts';
import classes from './hotel-card.module.css';

interface HotelCardProps {
  hotel: HotelCardData;
  /** The first card's picture is the page's largest paint: fetch it first, not lazily. */
  priority?: boolean;
}

/** A hotel in the list: picture, name, stars and location, linking to its detail (spec §2.4). */
export function HotelCard({ hotel, priority = false }: HotelCardProps) {
  const name = capitalize(hotel.name);
  const location = locationText(hotel.Locations[0]);
  return (
    <Card withBorder shadow="xs" padding="md" className={classes.card} component="article">
      <Card.Section>
        <Image
          {...responsiveImage(hotel.picture ?? hotel.image[0], IMAGE_SIZES.card)}
          alt={`${name}, hotel`}
          h={180}
          w="100%"
          fit="cover"
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
          className={classes.image}
        />
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Title order={2} size="h4" lineClamp={2}>
          <Link to={`/hotel/${hotel.id}`} className={classes.link}>
            {name}
          </Link>
        </Title>
        <StarRating value={hotel.qualification} label={`${hotel.qualification} out of 5 stars`} />
        {location ? (
          <Group gap={4} wrap="nowrap" align="flex-start">
            <IconMapPin size={16} aria-hidden="true" className={classes.pin} />
            <Text size="sm" c="dimmed">
              {location}
            </Text>
          </Group>
        ) : null}
        <Text size="sm" c="dimmed">
          {hotel.reviewCount > 0 && hotel.reviewAverage !== null
            ? `Guests rate it ${hotel.reviewAverage.toFixed(1)} / 5 (${hotel.reviewCount} ${
                hotel.reviewCount === 1 ? 'review' : 'reviews'
              })`
            : 'No reviews yet'}
        </Text>
      </Stack>
    </Card>
  );
}
