import type { RoomSummary } from '@devstay/shared/contracts/catalogue';
import { capitalize, formatUsd, priceToCents } from '@devstay/shared/text';
import { Badge, Button, Card, Group, Image, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { IMAGE_SIZES, responsiveImage } from '../../../lib/image-url.ts';
import { paths, type StayDates } from '../../../lib/paths.ts';

interface RoomCardProps {
  room: RoomSummary;
  /** The stay carried to the room page, e.g. the dates of an event. */
  stay?: StayDates;
}

/** A room of the hotel: picture, name, nightly price, description and Read more (product §2.5). */
export function RoomCard({ room, stay }: RoomCardProps) {
  const name = capitalize(room.name);
  return (
    <Card withBorder padding="md" component="article" h="100%">
      <Card.Section>
        <Image
          {...responsiveImage(room.image[0], IMAGE_SIZES.card)}
          alt={`${name} room`}
          h={180}
          fit="cover"
          loading="lazy"
        />
      </Card.Section>
      <Group justify="space-between" mt="sm" gap="xs" wrap="nowrap" align="flex-start">
        <Title order={3} size="h4">
          {name}
        </Title>
        <Badge variant="light" color="grape">
          {capitalize(room.category)}
        </Badge>
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
        to={paths.room(room.id, stay)}
        mt="md"
        fullWidth
        aria-label={`Read more about the ${name} room`}
      >
        Read more
      </Button>
    </Card>
  );
}
