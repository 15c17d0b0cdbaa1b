import { guestsText } from '@devstay/shared/cart';
import type { HotelStayRoom } from '@devstay/shared/contracts/booking';
import type { HotelDetail } from '@devstay/shared/contracts/catalogue';
import { paths, type StayDates } from '@devstay/shared/paths';
import { nightsBetween } from '@devstay/shared/stay';
import { capitalize, priceToCents } from '@devstay/shared/text';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  NativeSelect,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCalendarEvent, IconShoppingCartPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../../features/auth/api/session.ts';
import { addRoomToCart } from '../../../features/cart/utils/add-room-to-cart.ts';
import { useHotelStay } from '../../../features/hotels/api/get-hotel-stay.ts';
import { JoinWaitlistButton } from '../../../features/waitlist/components/join-waitlist-button.tsx';
import { useDateText } from '../../../lib/date-text.ts';
import { IMAGE_SIZES, responsiveImage } from '../../../lib/image-url.ts';
import { stayPriceText } from '../../../lib/stay-price.ts';
import classes from './stay-rooms.module.css';

/** The most units one row offers to add at once (the cart takes more, one line at a time). */
const COUNT_CHOICES = 10;

interface StayRoomsProps {
  hotel: Pick<HotelDetail, 'id' | 'name' | 'address' | 'timeZone' | 'Rooms'>;
  stay: StayDates;
}

/**
 * The hotel's rooms for the stay searched, as the server prices and checks them now: each
 * room's total for the nights (the list card's price among them), who it sleeps, the units left
 * and a count to add to the cart; a room that cannot be booked as asked says why, and a sold-out
 * one its next free dates.
 */
export function StayRooms({ hotel, stay }: StayRoomsProps) {
  const answer = useHotelStay(hotel.id, stay);
  const dateText = useDateText();
  const nights = nightsBetween(stay.checkIn, stay.checkOut);
  const units = stay.rooms ?? 1;
  return (
    <section aria-labelledby="stay-rooms">
      <Title order={2} id="stay-rooms">
        Rooms for your stay
      </Title>
      <Text c="dimmed" mt={4} mb="sm">
        <IconCalendarEvent size={16} aria-hidden="true" style={{ verticalAlign: '-2px' }} />{' '}
        {dateText(stay.checkIn)} to {dateText(stay.checkOut)} · {nights}{' '}
        {nights === 1 ? 'night' : 'nights'} · {guestsText(stay.guests ?? 1)}
        {units > 1 ? ` · ${units} rooms of a kind` : ''}
      </Text>
      {answer.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label="Checking the rooms for your stay">
          {hotel.Rooms.slice(0, 3).map((room) => (
            <Skeleton key={room.id} height={96} />
          ))}
        </Stack>
      ) : answer.isError ? (
        <Alert color="red" variant="light" title="The rooms for your stay could not be checked">
          Try again in a moment, or open a room below to choose your dates there.
        </Alert>
      ) : answer.data.rooms.length === 0 ? (
        <Text>This hotel has not published rooms yet.</Text>
      ) : (
        <ul className={classes.list}>
          {answer.data.rooms.map((line) => (
            <StayRoom key={line.id} line={line} hotel={hotel} stay={stay} nights={nights} />
          ))}
        </ul>
      )}
    </section>
  );
}

function StayRoom({
  line,
  hotel,
  stay,
  nights,
}: {
  line: HotelStayRoom;
  hotel: StayRoomsProps['hotel'];
  stay: StayDates;
  nights: number;
}) {
  const dateText = useDateText();
  const account = useSession().user;
  const room = hotel.Rooms.find((r) => r.id === line.id);
  const name = capitalize(line.name);
  const bookable = line.availabilityMessage === null && line.guestsMessage === null;
  const most = Math.min(line.available, COUNT_CHOICES);
  const [count, setCount] = useState(Math.min(line.cartQuantity, Math.max(most, 1)));
  const sleeps = line.capacity === 1 ? 'Sleeps 1' : `Sleeps ${line.capacity}`;
  return (
    <li className={`${classes.room} ${bookable ? '' : classes.unavailable}`} aria-label={name}>
      <img
        {...responsiveImage(room?.image[0], IMAGE_SIZES.card)}
        alt=""
        loading="lazy"
        className={classes.image}
      />
      <Stack gap={4}>
        <Anchor component={Link} to={paths.room(line.id, stay)} fw={700}>
          {name}
        </Anchor>
        <Text size="sm">
          <Badge variant="light" color="grape" mr={6}>
            {capitalize(line.category)}
          </Badge>
          {sleeps} per room
        </Text>
        {bookable ? (
          <Text size="sm" c={line.available <= 3 ? 'red.9' : 'teal.9'}>
            {line.available === 1 ? 'Only 1 room left' : `${line.available} rooms left`}
          </Text>
        ) : (
          <Text size="sm" c="red.9">
            {line.availabilityMessage ?? line.guestsMessage}
          </Text>
        )}
        {line.nextFree ? (
          <Text size="sm">
            Next free:{' '}
            <Anchor
              component={Link}
              to={paths.hotel(hotel.id, { ...stay, ...line.nextFree })}
              aria-label={`Next free for ${name}: ${dateText(line.nextFree.checkIn)} to ${dateText(line.nextFree.checkOut)}`}
            >
              {dateText(line.nextFree.checkIn)} to {dateText(line.nextFree.checkOut)}
            </Anchor>
          </Text>
        ) : null}
      </Stack>
      <div className={classes.price}>
        <Text fw={700} size="lg">
          {stayPriceText(line.lineTotalCents, nights, line.cartQuantity)}
        </Text>
      </div>
      <div className={classes.actions}>
        {bookable && room ? (
          <>
            <NativeSelect
              label="Rooms"
              size="sm"
              w={80}
              value={String(count)}
              onChange={(e) => setCount(Number(e.currentTarget.value))}
              data={Array.from({ length: most }, (_, i) => String(i + 1))}
              aria-label={`Rooms of ${name} to add`}
            />
            <Button
              leftSection={<IconShoppingCartPlus size={18} aria-hidden="true" />}
              aria-label={`Add ${count} ${name} to cart`}
              onClick={() =>
                addRoomToCart(
                  {
                    ...room,
                    Hotels: {
                      id: hotel.id,
                      name: hotel.name,
                      address: hotel.address,
                      timeZone: hotel.timeZone,
                    },
                  },
                  {
                    checkIn: stay.checkIn,
                    checkOut: stay.checkOut,
                    totalCents: priceToCents(line.totalPrice),
                    guests: stay.guests ?? 1,
                  },
                  count,
                )
              }
            >
              Add to cart
            </Button>
          </>
        ) : line.available < line.cartQuantity ? (
          <JoinWaitlistButton
            account={account}
            room={line.id}
            roomName={name}
            checkIn={stay.checkIn}
            checkOut={stay.checkOut}
            quantity={line.cartQuantity}
          />
        ) : null}
      </div>
    </li>
  );
}
