import '@mantine/core/styles/ThemeIcon.layer.css';
import type { Role } from '@devstay/shared/constants';
import {
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconBed,
  IconBuildingSkyscraper,
  IconCalendarEvent,
  IconSparkles,
  IconToolsKitchen2,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { BackButton } from '../../../components/back-button.tsx';
import { PageTitle } from '../../../components/page-title.tsx';

interface FormLink {
  label: string;
  to: string;
  /** Roles that may use it (spec §6); the others see it disabled. */
  roles: readonly Role[];
}

interface FormCard {
  title: string;
  text: string;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean | 'true' }>;
  links: FormLink[];
}

const STAFF: readonly Role[] = ['admin', 'superAdmin'];
const SUPER: readonly Role[] = ['superAdmin'];

/** The cards of both forms pages (spec §2.12), with who may use each button. */
export const FORM_CARDS: FormCard[] = [
  {
    title: 'Hotels',
    text: 'The hotel itself: name, pictures, stars, description, address and place.',
    icon: IconBuildingSkyscraper,
    links: [
      { label: 'Create', to: '/home/createHotels', roles: SUPER },
      { label: 'Modify', to: '/home/ModifyHotel', roles: STAFF },
    ],
  },
  {
    title: 'Rooms',
    text: 'Room types with their price, stock, category and services.',
    icon: IconBed,
    links: [
      { label: 'Create', to: '/home/createRooms', roles: STAFF },
      { label: 'Modify', to: '/home/ModifyRooms', roles: STAFF },
    ],
  },
  {
    title: 'Services Hotels',
    text: 'What the hotel offers beyond its rooms.',
    icon: IconToolsKitchen2,
    links: [
      { label: 'Create', to: '/home/createServHotels', roles: STAFF },
      { label: 'Modify', to: '/home/modifyServHotels', roles: STAFF },
    ],
  },
  {
    title: 'Services Rooms',
    text: 'The catalogue of room services every hotel picks from (superAdmin).',
    icon: IconSparkles,
    links: [
      { label: 'Create', to: '/home/createServRooms', roles: SUPER },
      { label: 'Modify', to: '/home/modifyServRooms', roles: SUPER },
    ],
  },
  {
    title: 'Events',
    text: 'IT events the hotel hosts, with date and time.',
    icon: IconCalendarEvent,
    links: [
      { label: 'Create', to: '/home/createEvents', roles: STAFF },
      { label: 'Modify', to: '/home/modifyEvents', roles: STAFF },
    ],
  },
];

function FormsPage({ rol, back }: { rol: Role; back: string }) {
  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <PageTitle>Forms</PageTitle>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {FORM_CARDS.map((card) => (
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
                <Group gap="sm">
                  {card.links.map((link) =>
                    link.roles.includes(rol) ? (
                      <Button
                        key={link.to}
                        component={Link}
                        to={link.to}
                        variant="light"
                        aria-label={`${link.label} ${card.title}`}
                      >
                        {link.label}
                      </Button>
                    ) : (
                      <Button
                        key={link.to}
                        disabled
                        variant="light"
                        aria-label={`${link.label} ${card.title}`}
                      >
                        {link.label}
                      </Button>
                    ),
                  )}
                </Group>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
        <Group>
          <BackButton fallback={back} />
        </Group>
      </Stack>
    </Container>
  );
}

/** /profileAdmin/formsAdmin: the admin's forms; hotel creation and room services disabled. */
export function FormsAdminPage() {
  return <FormsPage rol="admin" back="/profileAdmin" />;
}

/** /profileSuperAdmin/formsSuperAdmin: every form, hotel creation included. */
export function FormsSuperAdminPage() {
  return <FormsPage rol="superAdmin" back="/profileSuperAdmin" />;
}
