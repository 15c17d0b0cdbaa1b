import { paths } from '@devstay/shared/paths';
import { capitalize } from '@devstay/shared/text';
import { Button, Container, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCalendarStats, IconForms, IconUsers } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title.tsx';
import { ChannelConflicts } from '../../../features/dashboard/components/channel-conflicts.tsx';
import { ProfileDetails } from '../../../features/profiles/components/profile-details.tsx';
import { useSignedIn } from '../account/use-signed-in.ts';

// Its own chunk, and the charts' after it: the profile shows first.
const HotelDashboard = lazy(() =>
  import('../../../features/dashboard/components/hotel-dashboard.tsx').then((m) => ({
    default: m.HotelDashboard,
  })),
);

const DASHBOARD_FALLBACK = (
  <Text role="status" c="dimmed">
    Loading the dashboard...
  </Text>
);

export const NO_HOTEL_NOTE =
  'No hotel is assigned to your account yet: the superAdmin assigns one before you can edit its content.';

/**
 * /profileAdmin: the hotel admin's profile, the way to their tools (product §2.12), their
 * hotel's calendar conflicts and its dashboard.
 */
export function AdminProfilePage() {
  const { me } = useSignedIn();
  const name = capitalize(`${me.name} ${me.lastname}`.trim()) || me.displayName || me.email;
  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <PageTitle documentTitle="Admin profile">{`Welcome, ${name}!`}</PageTitle>
        <Paper withBorder p="lg" radius="md">
          <ProfileDetails
            items={[
              { label: 'E-mail', value: me.email },
              { label: 'Role', value: me.rol },
              { label: 'Date of birth', value: me.dateOfBirth },
              { label: 'DNI', value: me.dni },
              { label: 'Hotel', value: me.hotel ? me.hotel.name : null },
              { label: 'Address', value: capitalize(me.address) },
              { label: 'City', value: capitalize(me.city) },
              { label: 'Country', value: capitalize(me.country) },
            ]}
          />
        </Paper>
        {me.hotel ? null : (
          <Text c="dimmed" id="no-hotel-note">
            {NO_HOTEL_NOTE}
          </Text>
        )}
        <Group gap="sm">
          {me.hotel ? (
            <Button
              component={Link}
              to={paths.adminForms}
              leftSection={<IconForms size={18} aria-hidden="true" />}
            >
              Edit Forms
            </Button>
          ) : (
            <Button
              disabled
              leftSection={<IconForms size={18} aria-hidden="true" />}
              aria-describedby="no-hotel-note"
            >
              Edit Forms
            </Button>
          )}
          <Button
            component={Link}
            to={paths.stock}
            variant="light"
            leftSection={<IconCalendarStats size={18} aria-hidden="true" />}
          >
            Bookings
          </Button>
          <Button
            component={Link}
            to={paths.userTable}
            variant="light"
            leftSection={<IconUsers size={18} aria-hidden="true" />}
          >
            User Table
          </Button>
        </Group>
        {me.hotel ? <ChannelConflicts withHotel={false} /> : null}
        {me.hotel ? (
          <Suspense fallback={DASHBOARD_FALLBACK}>
            <HotelDashboard hotelId={me.hotel.id} />
          </Suspense>
        ) : null}
      </Stack>
    </Container>
  );
}
