import '@mantine/core/styles/Grid.layer.css';
import { readAddressStay } from '@devstay/shared/hotel-list-params';
import { paths } from '@devstay/shared/paths';
import { parseRowId } from '@devstay/shared/row-id';
import { calendarDateIn, checkStay, defaultStay } from '@devstay/shared/stay';
import { capitalize } from '@devstay/shared/text';
import { Anchor, Badge, Container, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconBuildingSkyscraper } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { BackButton } from '../../../components/back-button.tsx';
import { DetailStateScreen } from '../../../components/detail-state-screen.tsx';
import { FreeCancellationTerms } from '../../../components/free-cancellation-terms.tsx';
import { ImageCarousel } from '../../../components/image-carousel.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useSession } from '../../../features/auth/api/session.ts';
import { useCartQuote } from '../../../features/cart/api/cart-quote.ts';
import { useCartLines } from '../../../features/cart/store/cart-store.ts';
import { addRoomToCart } from '../../../features/cart/utils/add-room-to-cart.ts';
import {
  FavoriteHeart,
  roomAtHotel,
} from '../../../features/favorites/components/favorite-heart.tsx';
import { useRoom } from '../../../features/rooms/api/get-room.ts';
import { RoomServices } from '../../../features/rooms/components/room-services.tsx';
import { StayPanel } from '../../../features/rooms/components/stay-panel.tsx';
import { JoinWaitlistButton } from '../../../features/waitlist/components/join-waitlist-button.tsx';
import { isNotFound } from '../../../lib/api.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

interface Stay {
  checkIn: string;
  checkOut: string;
}

/**
 * The stay to start from: dates handed over by a link when usable, else today → tomorrow, where
 * today is the hotel's date in its time zone (`timeZone`), not the browser's.
 */
function initialStay(params: URLSearchParams, timeZone: string): Stay {
  const { stay } = readAddressStay(params);
  const todayDate = calendarDateIn(timeZone);
  return stay && stay.checkIn >= todayDate ? stay : defaultStay(todayDate);
}

/**
 * Whether one more unit of the room fits the stay, asked of the server's quote with the units
 * of the same stay already in the cart (product §4: add to cart is blocked without availability),
 * and the stay's nights as the server prices them. No stay yet (the room, and so its hotel's
 * zone, still loading): nothing is asked.
 */
function useStayAvailability(
  roomId: number,
  stay: Stay | null,
  guests: number,
  timeZone: string | undefined,
) {
  const checkIn = stay?.checkIn ?? '';
  const checkOut = stay?.checkOut ?? '';
  const inCart =
    useCartLines().find((l) => l.id === roomId && l.checkIn === checkIn && l.checkOut === checkOut)
      ?.cartQuantity ?? 0;
  const valid =
    roomId > 0 &&
    timeZone !== undefined &&
    checkStay(checkIn, checkOut, calendarDateIn(timeZone)).ok;
  const quote = useCartQuote(
    valid ? [{ id: roomId, checkIn, checkOut, cartQuantity: inCart + 1, guests }] : [],
  );
  const line = quote.isPlaceholderData ? undefined : quote.data?.cartRoom[0];
  return {
    checking: valid && !line && !quote.isError,
    message: line?.availabilityMessage ?? line?.guestsMessage ?? null,
    /** Units of the room free for the stay (undefined until quoted). */
    free: line?.available,
    nights: line?.nights ?? null,
    terms: line?.freeCancellation,
  };
}

/** /hotel/room/:id — pictures, description, services, dates, price, ADD TO CART and the heart. */
export function RoomDetailPage() {
  const rowId = parseRowId(useParams().id);
  const session = useSession();
  const validId = rowId !== null;
  const id = rowId ?? 0;
  const room = useRoom(id);
  const [params, setParams] = useSearchParams();
  // The stay chosen on this page; until then, the starting one of the room's hotel.
  const [chosen, setChosen] = useState<Stay | null>(null);
  const timeZone = room.data?.Hotels.timeZone;
  const stay = chosen ?? (timeZone === undefined ? null : initialStay(params, timeZone));
  const guests = readAddressStay(params).guests ?? 1;
  // The stay and its guests are kept in the address: a reload or a shared link shows them again.
  const keep = (next: Stay, nextGuests: number) => {
    setChosen(next);
    setParams(
      (current) => {
        const kept = new URLSearchParams(current);
        kept.set('checkIn', next.checkIn);
        kept.set('checkOut', next.checkOut);
        if (nextGuests > 1) kept.set('guests', String(nextGuests));
        else kept.delete('guests');
        return kept;
      },
      { replace: true, preventScrollReset: true },
    );
  };
  const availability = useStayAvailability(validId ? id : 0, stay, guests, timeZone);
  useDocumentTitle(
    room.data
      ? `${capitalize(room.data.name)} room`
      : isNotFound(room.error)
        ? 'Room not found'
        : 'Room',
  );

  if (!validId || room.isPending || room.isError || !stay) {
    return (
      <DetailStateScreen
        query={room}
        validId={validId}
        notFoundTitle="Room not found"
        notFoundMessage="This room does not exist or is no longer offered."
        loadingText="Loading room detail..."
        errorTitle="The room could not be loaded"
      />
    );
  }

  const data = room.data;
  const name = capitalize(data.name);
  const hotelName = data.Hotels.name;

  return (
    <Container size="lg" py="lg">
      <Group mb="md">
        <BackButton />
      </Group>
      <Stack gap="lg">
        <Stack gap={6}>
          <Group gap="sm" align="center">
            <PageTitle>{`${name} room`}</PageTitle>
            <Badge variant="light" color="grape" size="lg">
              {capitalize(data.category)}
            </Badge>
          </Group>
          <Group gap={6} wrap="nowrap">
            <IconBuildingSkyscraper size={18} aria-hidden="true" />
            <Text>
              At{' '}
              <Anchor component={Link} to={paths.hotel(data.Hotels.id)} fw={600}>
                {hotelName}
              </Anchor>
              {data.Hotels.address ? ` · ${data.Hotels.address}` : ''}
            </Text>
          </Group>
        </Stack>

        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <ImageCarousel
              images={data.image}
              alt={`${name} room`}
              height="clamp(220px, 60vw, 380px)"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <StayPanel
              room={data}
              checkIn={stay.checkIn}
              checkOut={stay.checkOut}
              availability={availability}
              onChange={(next) => keep(next, guests)}
              guests={guests}
              onGuestsChange={(next) => stay && keep(stay, next)}
              onAddToCart={(chosen) => addRoomToCart(data, chosen)}
              terms={
                availability.terms ? <FreeCancellationTerms terms={availability.terms} /> : null
              }
              waitlist={
                availability.free === 0 ? (
                  <JoinWaitlistButton
                    account={session.user}
                    room={data.id}
                    roomName={`${name} room`}
                    checkIn={stay.checkIn}
                    checkOut={stay.checkOut}
                    quantity={1}
                  />
                ) : null
              }
              favorite={
                <FavoriteHeart
                  account={session.user}
                  room={{ id: data.id, name: roomAtHotel(data.name, hotelName) }}
                />
              }
            />
          </Grid.Col>
        </Grid>

        <section aria-labelledby="room-description">
          <Title order={2} id="room-description" mb="xs">
            About this room
          </Title>
          <Text style={{ whiteSpace: 'pre-line' }}>{data.description}</Text>
        </section>

        <section aria-labelledby="room-services">
          <Title order={2} id="room-services" mb="sm">
            Room services
          </Title>
          <RoomServices services={data.ServicesRooms} names={data.services} />
        </section>
      </Stack>
    </Container>
  );
}
