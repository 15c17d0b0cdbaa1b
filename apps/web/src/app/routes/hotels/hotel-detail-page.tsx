import '@mantine/core/styles/Alert.layer.css';
import type { Review } from '@devstay/shared/contracts/catalogue';
import { readAddressStay } from '@devstay/shared/hotel-list-params';
import { REVIEW_MESSAGES } from '@devstay/shared/messages';
import { paths, type StayDates } from '@devstay/shared/paths';
import { parseRowId } from '@devstay/shared/row-id';
import {
  Alert,
  Badge,
  Button,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCalendarEvent, IconMapPin, IconPencil, IconStarFilled } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { BackButton } from '../../../components/back-button.tsx';
import { DetailStateScreen } from '../../../components/detail-state-screen.tsx';
import { HydrateLater } from '../../../components/hydrate-later.tsx';
import { ImageCarousel, preloadFirstPicture } from '../../../components/image-carousel.tsx';
import { dataKey, KeptElement } from '../../../components/kept-markup.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useSession } from '../../../features/auth/api/session.ts';
import { useHotel } from '../../../features/hotels/api/get-hotel.ts';
import { useHotelServices } from '../../../features/hotels/api/get-hotel-services.ts';
import { refreshHotelReviews } from '../../../features/hotels/api/refresh-hotel-reviews.ts';
import { HotelAttributes } from '../../../features/hotels/components/hotel-attributes.tsx';
import { HotelServices } from '../../../features/hotels/components/hotel-services.tsx';
import { ReviewList } from '../../../features/hotels/components/review-list.tsx';
import { RoomCard } from '../../../features/hotels/components/room-card.tsx';
import { ownReviewKey, useOwnReview } from '../../../features/reviews/api/reviews.ts';
import { isNotFound } from '../../../lib/api.ts';
import { useDateText } from '../../../lib/date-text.ts';
import { locationText } from '../../../lib/location.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { HotelCancellationTerms } from './hotel-cancellation-terms.tsx';
import { StayRooms } from './stay-rooms.tsx';

// The removal control: fetched only when the superAdmin, or a guest with a review, opens a hotel page.
const RemoveReviewButton = lazy(() =>
  import('../../../features/reviews/components/remove-review-button.tsx').then((m) => ({
    default: m.RemoveReviewButton,
  })),
);

/**
 * The controls on each review, or nothing: the superAdmin's removal on every one; a guest's Edit
 * and Delete on their own. The session is read in the browser only: the page the server renders
 * is the same for everyone, and these appear once it is known.
 */
function useReviewActions(hotelId: number) {
  const session = useSession();
  const queryClient = useQueryClient();
  const guest = session.user?.rol === 'user';
  const own = useOwnReview(hotelId, guest).data;
  const refresh = () => {
    void refreshHotelReviews(queryClient, hotelId);
    void queryClient.invalidateQueries({ queryKey: ownReviewKey(hotelId) });
  };
  if (session.user?.rol === 'superAdmin') {
    return (review: Review) => (
      <Suspense fallback={null}>
        <RemoveReviewButton review={review} onRemoved={refresh} />
      </Suspense>
    );
  }
  if (!guest || !own) return undefined;
  return (review: Review) =>
    review.id === own.id ? (
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          Your review
        </Text>
        <Button
          component={Link}
          to={paths.review(hotelId)}
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPencil size={16} aria-hidden="true" />}
          aria-label="Edit your review"
        >
          Edit
        </Button>
        <Suspense fallback={null}>
          <RemoveReviewButton review={review} own onRemoved={refresh} />
        </Suspense>
      </Group>
    ) : null;
}

/**
 * A stay handed over by a link (e.g. "Find a room" of an event, a search for guests), carried on
 * to the rooms.
 */
function useStayFromLink(): StayDates | undefined {
  const [params] = useSearchParams();
  const { stay, guests, rooms } = readAddressStay(params);
  return stay && { ...stay, guests, rooms };
}

/** /hotel/:id — carousel, name, location, score, description, services, rooms, reviews. */
export function HotelDetailPage() {
  const rowId = parseRowId(useParams().id);
  const validId = rowId !== null;
  const id = rowId ?? 0;
  const hotel = useHotel(id);
  const services = useHotelServices(id);
  const stay = useStayFromLink();
  const dateText = useDateText();
  const reviewActions = useReviewActions(id);
  useDocumentTitle(
    hotel.data ? hotel.data.name : isNotFound(hotel.error) ? 'Hotel not found' : 'Hotel',
  );

  if (!validId || hotel.isPending || hotel.isError) {
    return (
      <DetailStateScreen
        query={hotel}
        validId={validId}
        notFoundTitle="Hotel not found"
        notFoundMessage="This hotel does not exist or is no longer published."
        loadingText="Loading detail..."
        errorTitle="The hotel could not be loaded"
      />
    );
  }

  const data = hotel.data;
  const name = data.name;
  const location = locationText(data.Locations[0]);
  if (import.meta.env.SSR) preloadFirstPicture(data.pictures);

  return (
    <Container size="lg" py="lg">
      {/* The server draws a hotel once for the data it read and the stay (the session is read
          in the browser only): the same hotel at another address is written in as drawn. */}
      <KeptElement
        as="div"
        keptAs={
          import.meta.env.SSR
            ? dataKey(`hotel-${data.id}`, [data, services.data ?? null, stay ?? null])
            : undefined
        }
      >
        <Group mb="md">
          <BackButton />
        </Group>
        <Stack gap="lg">
          <Stack gap={6}>
            <PageTitle>{name}</PageTitle>
            <Group gap="md" wrap="wrap">
              {location ? (
                <Group gap={4} wrap="nowrap">
                  <IconMapPin size={18} aria-hidden="true" />
                  <Text>{location}</Text>
                </Group>
              ) : null}
              <Badge
                size="lg"
                variant="light"
                color="yellow"
                styles={{ label: { color: 'var(--mantine-color-dark-8)' } }}
                leftSection={<IconStarFilled size={14} aria-hidden="true" />}
                aria-label={`Score ${data.qualification} out of 5 stars`}
              >
                {data.qualification}
              </Badge>
              <Text c="dimmed" size="sm">
                {data.reviewCount > 0 && data.reviewAverage !== null
                  ? `Guests rate it ${data.reviewAverage.toFixed(1)} / 5 · ${data.reviewCount} ${
                      data.reviewCount === 1 ? 'review' : 'reviews'
                    }`
                  : 'No reviews yet'}
              </Text>
            </Group>
            <Text size="sm" c="dimmed">
              {data.address}
            </Text>
            <HotelAttributes hotel={data} />
          </Stack>

          <ImageCarousel images={data.pictures} alt={name} />

          <section aria-labelledby="about-hotel">
            <Title order={2} id="about-hotel" mb="xs">
              About this hotel
            </Title>
            <Text style={{ whiteSpace: 'pre-line' }}>{data.description}</Text>
          </section>

          {/* Below the fold: hydrated after the picture and the description. */}
          <HydrateLater>
            {services.data && services.data.length > 0 ? (
              <section aria-labelledby="hotel-services">
                <Title order={2} id="hotel-services" mb="xs">
                  Hotel services
                </Title>
                <HotelServices services={services.data} />
              </section>
            ) : null}

            {stay && data.Rooms.length > 0 ? <StayRooms hotel={data} stay={stay} /> : null}

            <section aria-labelledby="available-rooms">
              <Title order={2} id="available-rooms">
                Available rooms
              </Title>
              <Text c="dimmed" mt={4} mb="xs">
                Prices are per night. Read the room detail before you add it to your cart.
              </Text>
              <Stack mb="md">
                <HotelCancellationTerms hotel={data} stay={stay} />
              </Stack>
              {stay ? (
                <Alert
                  variant="light"
                  color="blue"
                  mb="md"
                  icon={<IconCalendarEvent size={20} aria-hidden="true" />}
                >
                  Your stay from {dateText(stay.checkIn)} to {dateText(stay.checkOut)} is carried to
                  the room you choose.
                </Alert>
              ) : null}
              {data.Rooms.length > 0 ? (
                <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
                  {data.Rooms.map((room) => (
                    <RoomCard key={room.id} room={room} stay={stay} />
                  ))}
                </SimpleGrid>
              ) : (
                <Text>This hotel has not published rooms yet.</Text>
              )}
            </section>

            <section aria-labelledby="hotel-reviews">
              <Group justify="space-between" mb="sm">
                <Title order={2} id="hotel-reviews">
                  Reviews
                </Title>
                <Button
                  component={Link}
                  to={paths.review(data.id)}
                  variant="light"
                  leftSection={<IconPencil size={18} aria-hidden="true" />}
                >
                  Write a review
                </Button>
              </Group>
              {data.Reviews.length > 0 ? (
                <>
                  <Text size="sm" c="dimmed" mb="sm">
                    {REVIEW_MESSAGES.whoReviews}
                  </Text>
                  <ReviewList reviews={data.Reviews} actions={reviewActions} />
                </>
              ) : (
                <Text c="dimmed">No reviews yet: be the first to review it.</Text>
              )}
            </section>
          </HydrateLater>
        </Stack>
      </KeptElement>
    </Container>
  );
}
