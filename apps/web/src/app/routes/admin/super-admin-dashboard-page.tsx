import { Button, Card, Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconCalendarStats,
  IconForms,
  IconTable,
  IconUserPlus,
  IconUsers,
} from '@tabler/icons-react';
import '@mantine/core/styles/ThemeIcon.layer.css';
import { paths } from '@devstay/shared/paths';
import { type ComponentType, lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title.tsx';
import { accountName } from '../../../features/admin/utils/account-name.ts';
import { ChannelConflicts } from '../../../features/dashboard/components/channel-conflicts.tsx';
import { useSignedIn } from '../account/use-signed-in.ts';

// Its own chunk with the hotel picker's and the charts' (loaded in turn): the cards come first.
const HotelDashboard = lazy(() =>
  import('./super-admin-hotel-dashboard.tsx').then((m) => ({
    default: m.SuperAdminHotelDashboard,
  })),
);

const DASHBOARD_FALLBACK = (
  <Text role="status" c="dimmed">
    Loading the dashboard...
  </Text>
);

interface DashboardCard {
  title: string;
  text: string;
  to: string;
  action: string;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean | 'true' }>;
}

const CARDS: DashboardCard[] = [
  {
    title: 'Forms',
    text: 'Create and modify hotels, rooms, services and events.',
    to: paths.superAdminForms,
    action: 'Open forms',
    icon: IconForms,
  },
  {
    title: 'Register admin',
    text: 'Give a hotel its admin: a new account tied to that hotel.',
    to: paths.registerAdmin,
    action: 'Register admin',
    icon: IconUserPlus,
  },
  {
    title: 'Admin table',
    text: 'Every admin with their hotel: edit or delete them.',
    to: paths.adminTable,
    action: 'See admins',
    icon: IconTable,
  },
  {
    title: 'User table',
    text: 'Every account of the site, sorted by e-mail, searched by e-mail or name.',
    to: paths.userTable,
    action: 'See users',
    icon: IconUsers,
  },
  {
    title: 'Bookings',
    text: 'All bookings of all hotels, with filters; cancel one when needed.',
    to: paths.stock,
    action: 'See bookings',
    icon: IconCalendarStats,
  },
];

/**
 * /profileSuperAdmin: the superAdmin's dashboard, one card per tool (product §2.12), every
 * hotel's calendar conflicts, and any hotel's occupancy and revenue, the hotel chosen with the
 * hotel picker.
 */
export function SuperAdminDashboardPage() {
  const { me } = useSignedIn();
  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <div>
          <PageTitle documentTitle="SuperAdmin dashboard">{`Welcome, ${accountName(me)}!`}</PageTitle>
          <Text c="dimmed">{`${me.email} · superAdmin`}</Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {CARDS.map((card) => (
            <Card key={card.title} withBorder shadow="xs" padding="lg" component="section">
              <Stack gap="sm" h="100%">
                <ThemeIcon size={44} radius="md" variant="light">
                  <card.icon size={26} aria-hidden="true" />
                </ThemeIcon>
                <Title order={2} size="h3">
                  {card.title}
                </Title>
                <Text c="dimmed" style={{ flex: 1 }}>
                  {card.text}
                </Text>
                <Button component={Link} to={card.to} variant="light">
                  {card.action}
                </Button>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
        <ChannelConflicts withHotel />
        <Suspense fallback={DASHBOARD_FALLBACK}>
          <HotelDashboard />
        </Suspense>
      </Stack>
    </Container>
  );
}
