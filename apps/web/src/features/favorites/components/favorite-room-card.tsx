import type { FavoriteRoom } from '@devstay/shared/contracts/favorites';
import { paths } from '@devstay/shared/paths';
import { capitalize, formatUsd, priceToCents } from '@devstay/shared/text';
import { Anchor, Button, Card, Group, Image, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { IMAGE_SIZES, responsiveImage } from '../../../lib/image-url.ts';
import type { HeartAccount } from '../hooks/use-favorite-heart.ts';
import { FavoriteHeart, roomAtHotel } from './favorite-heart.tsx';

/**
 * A favourite room (product §2.10): the room's and its hotel's names, picture, price and
 * description, linking to it; its heart takes it off the list where it stands.
 */
export function FavoriteRoomCard({ room, account }: { room: FavoriteRoom; account: HeartAccount }) {
  const name = capitalize(room.name);
  const hotel = room.hotel.name;
  return (
    <Card
      withBorder
      padding="md"
      component="article"
      h="100%"
      aria-label={roomAtHotel(room.name, hotel)}
    >
      <Card.Section>
        <Image
          {...responsiveImage(room.image[0], IMAGE_SIZES.card)}
          alt={`${name} room at ${hotel}`}
          h={180}
          fit="cover"
          loading="lazy"
        />
      </Card.Section>
      <Group justify="space-between" align="flex-start" wrap="nowrap" mt="sm" gap="xs">
        <div>
          <Title order={2} size="h4">
            {name} room
          </Title>
          <Text size="sm">
            At{' '}
            <Anchor component={Link} to={paths.hotel(room.hotel.id)}>
              {hotel}
            </Anchor>
          </Text>
        </div>
        <FavoriteHeart
          account={account}
          room={{ id: room.id, name: roomAtHotel(room.name, hotel) }}
        />
      </Group>
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
