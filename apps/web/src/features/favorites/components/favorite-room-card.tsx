import type { FavoriteRoom } from '@devstay/shared/contracts/favorites';
import { paths } from '@devstay/shared/paths';
import { capitalize, formatUsd, priceToCents } from '@devstay/shared/text';
import { Button, Card, Image, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { IMAGE_SIZES, responsiveImage } from '../../../lib/image-url.ts';

/** A favourite room (product §2.10): id, name, picture, price and description, linking to it. */
export function FavoriteRoomCard({ room }: { room: FavoriteRoom }) {
  const name = capitalize(room.name);
  const hotel = room.hotel.name;
  return (
    <Card withBorder padding="md" component="article" h="100%">
      <Card.Section>
        <Image
          {...responsiveImage(room.image[0], IMAGE_SIZES.card)}
          alt={`${name} room at ${hotel}`}
          h={180}
          fit="cover"
          loading="lazy"
        />
      </Card.Section>
      <Text size="xs" c="dimmed" mt="sm">
        Room #{room.id}
      </Text>
      <Title order={2} size="h4">
        {name}
      </Title>
      <Text size="sm">At {hotel}</Text>
      <Text fw={700} size="lg" mt={4}>
        {formatUsd(priceToCents(room.price))}{' '}
        <Text span size="sm" fw={400} c="dimmed">
          per night
        </Text>
      </Text>
      <Text size="sm" c="dimmed" mt="xs" lineClamp={3} style={{ flexGrow: 1 }}>
        {room.description}
      </Text>
      <Button
        component={Link}
        to={paths.room(room.id)}
        mt="md"
        fullWidth
        aria-label={`See the ${name} room at ${hotel}`}
      >
        See room
      </Button>
    </Card>
  );
}
