import type { RoomSummary } from '@devstay/shared/contracts/catalogue';
import { paths, type StayDates } from '@devstay/shared/paths';
import { capitalize, formatUsd, priceToCents } from '@devstay/shared/text';
import { Badge, Button } from '@mantine/core';
import { Link } from 'react-router';
import { IMAGE_SIZES, responsiveImage } from '../../../lib/image-url.ts';
import classes from './room-card.module.css';

interface RoomCardProps {
  room: RoomSummary;
  /** The stay carried to the room page, e.g. the dates of an event. */
  stay?: StayDates;
}

/**
 * A room of the hotel: picture, name, nightly price ('from $X' when some nights cost less),
 * description and Read more (product §2.5).
 * Plain elements styled like Mantine's card, its badge and button Mantine's own: a hotel page
 * shows every room, drawn by the server and hydrated on arrival.
 */
export function RoomCard({ room, stay }: RoomCardProps) {
  const name = capitalize(room.name);
  // A room with cheaper nights than its base (a season, a weekday rule) starts from those.
  const fromCents = priceToCents(room.fromPrice);
  const baseCents = priceToCents(room.price);
  return (
    <article className={classes.card}>
      <div className={classes.section}>
        <img
          {...responsiveImage(room.image[0], IMAGE_SIZES.card)}
          alt={`${name} room`}
          loading="lazy"
          className={classes.image}
        />
      </div>
      <div className={classes.head}>
        <h3 className={classes.name}>{name}</h3>
        <Badge variant="light" color="grape">
          {capitalize(room.category)}
        </Badge>
      </div>
      <p className={classes.price}>
        {fromCents < baseCents ? <span className={classes.perNight}>from </span> : null}
        {formatUsd(Math.min(fromCents, baseCents))}{' '}
        <span className={classes.perNight}>per night</span>
      </p>
      <p className={classes.description}>{room.description}</p>
      <Button
        component={Link}
        to={paths.room(room.id, stay)}
        mt="md"
        fullWidth
        aria-label={`Read more about the ${name} room`}
      >
        Read more
      </Button>
    </article>
  );
}
