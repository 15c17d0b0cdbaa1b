import { FAVORITES_MESSAGES } from '@devstay/shared/messages';
import { paths } from '@devstay/shared/paths';
import { Container, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { BackButton } from '../../../components/back-button.tsx';
import { ErrorScreen } from '../../../components/error-screen.tsx';
import { LoadingScreen } from '../../../components/loading-screen.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useFavoriteIds, useFavoriteRooms } from '../../../features/favorites/api/favorites.ts';
import { FavoriteRoomCard } from '../../../features/favorites/components/favorite-room-card.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useSignedIn } from '../account/use-signed-in.ts';

/**
 * /favorite: the guest's favourite rooms as cards (product §2.10). When the server answers a
 * text instead of the list (a refusal, a failure), that text is what the screen shows. A heart
 * taken off removes its card at once: the cards shown are those still among the favourite ids
 * the server answered the change with.
 */
export function FavoritesPage() {
  const { me } = useSignedIn();
  const rooms = useFavoriteRooms(me.id);
  const ids = useFavoriteIds(me.id);
  const shown = rooms.data?.filter((room) => ids.data?.includes(room.id) ?? true) ?? [];

  let body: ReactNode;
  if (rooms.isPending) body = <LoadingScreen text={FAVORITES_MESSAGES.loading} />;
  else if (rooms.isError) {
    body = (
      <ErrorScreen
        order={2}
        title="Could not load your favorites"
        message={errorMessage(rooms.error)}
        onRetry={() => void rooms.refetch()}
        homeTo={paths.hotels}
        homeLabel="See hotels"
      />
    );
  } else if (shown.length === 0) {
    body = <Text c="dimmed">{FAVORITES_MESSAGES.none}</Text>;
  } else {
    body = (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
        {shown.map((room) => (
          <FavoriteRoomCard key={room.id} room={room} account={me} />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Container size="lg" py="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <PageTitle>Favorites</PageTitle>
          <BackButton fallback={paths.userProfile} />
        </Group>
        {body}
      </Stack>
    </Container>
  );
}
