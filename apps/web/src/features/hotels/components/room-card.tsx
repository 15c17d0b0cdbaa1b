import type { RoomSummary } from '@devstay/shared/contracts/catalogue';
import { capitalize, priceToCents } from '@devstay/shared/text';
import { Badge } from '@mantine/core';
import { RoomCard as Card, RoomCardName } from '../../../components/room-card.tsx';
import { IMAGE_SIZES, responsiveImage } from '../../../lib/image-url.ts';
import { paths, type StayDates } from '../../../lib/paths.ts';
import classes from './room-card.module.css';

interface RoomCardProps {
  room: RoomSummary;
  /** The stay carried to the room page, e.g. the dates of an event. */
  stay?: StayDates;
}

/**
 * A room of the hotel: picture, name, nightly price, description and Read more (product §2.5).
 * A hotel page shows every room, drawn by the server and hydrated on arrival.
 */
export function RoomCard({ room, stay }: RoomCardProps) {
  const name = capitalize(room.name);
  return (
    <Card
      picture={responsiveImage(room.image[0], IMAGE_SIZES.card)}
      alt={`${name} room`}
      priceCents={priceToCents(room.price)}
      description={room.description}
      link={{
        to: paths.room(room.id, stay),
        label: 'Read more',
        ariaLabel: `Read more about the ${name} room`,
      }}
    >
      <div className={classes.head}>
        <RoomCardName level="h3">{name}</RoomCardName>
        <Badge variant="light" color="grape">
          {capitalize(room.category)}
        </Badge>
      </div>
    </Card>
  );
}
