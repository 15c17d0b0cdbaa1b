import type { FavoriteRoom } from '@devstay/shared/contracts/favorites';
import { capitalize, priceToCents } from '@devstay/shared/text';
import { RoomCard, RoomCardName } from '../../../components/room-card.tsx';
import { IMAGE_SIZES, responsiveImage } from '../../../lib/image-url.ts';
import { paths } from '../../../lib/paths.ts';
import classes from './favorite-room-card.module.css';

/** A favourite room (product §2.10): id, name, picture, price and description, linking to it. */
export function FavoriteRoomCard({ room }: { room: FavoriteRoom }) {
  const name = capitalize(room.name);
  const hotel = capitalize(room.hotel.name);
  return (
    <RoomCard
      picture={responsiveImage(room.image[0], IMAGE_SIZES.card)}
      alt={`${name} room at ${hotel}`}
      priceCents={priceToCents(room.price)}
      description={room.description}
      link={{
        to: paths.room(room.id),
        label: 'See room',
        ariaLabel: `See the ${name} room at ${hotel}`,
      }}
    >
      <p className={classes.number}>Room #{room.id}</p>
      <RoomCardName level="h2">{name}</RoomCardName>
      <p className={classes.hotel}>At {hotel}</p>
    </RoomCard>
  );
}
