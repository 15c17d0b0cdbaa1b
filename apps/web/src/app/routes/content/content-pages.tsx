/** The content screens (spec §2.12, §2.13): the two forms pages and the ten forms. */
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
import { EventForm, emptyEventDraft } from '../../../features/content/components/event-form.tsx';
import { FormPage } from '../../../features/content/components/form-frame.tsx';
import { emptyHotelDraft, HotelForm } from '../../../features/content/components/hotel-form.tsx';
import {
  ModifyEvent,
  ModifyHotel,
  ModifyHotelService,
  ModifyRoom,
  ModifyRoomService,
} from '../../../features/content/components/modify-flows.tsx';
import { emptyRoomDraft, RoomForm } from '../../../features/content/components/room-form.tsx';
import {
  emptyHotelServiceDraft,
  emptyRoomServiceDraft,
  HotelServiceForm,
  RoomServiceForm,
} from '../../../features/content/components/service-forms.tsx';
import { imageSlot, NoHotel, SUPER_ADMIN_FORMS, useContentScope } from './content-scope.tsx';

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
const FORM_CARDS: FormCard[] = [
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

/** /home/createRooms (spec §2.13: title Rooms). */
export function CreateRoomsPage() {
  const scope = useContentScope();
  return (
    <FormPage title="Rooms" back={scope.back}>
      {scope.noHotel ? (
        <NoHotel />
      ) : (
        <RoomForm
          form="roomCreate"
          fixedHotel={scope.fixedHotel}
          initial={emptyRoomDraft(scope.fixedHotel)}
          images={imageSlot}
        />
      )}
    </FormPage>
  );
}

/** /home/ModifyRooms */
export function ModifyRoomsPage() {
  const scope = useContentScope();
  return (
    <FormPage title="Modify room" back={scope.back}>
      {scope.noHotel ? (
        <NoHotel />
      ) : (
        <ModifyRoom fixedHotel={scope.fixedHotel} images={imageSlot} />
      )}
    </FormPage>
  );
}

/** /home/createHotels (superAdmin; spec §2.13: title Hotel, Back to the superAdmin's forms). */
export function CreateHotelPage() {
  return (
    <FormPage title="Hotel" back={SUPER_ADMIN_FORMS}>
      <HotelForm form="hotelCreate" initial={emptyHotelDraft()} images={imageSlot} />
    </FormPage>
  );
}

/** /home/ModifyHotel: an admin modifies their own hotel, the superAdmin any hotel. */
export function ModifyHotelPage() {
  const scope = useContentScope();
  return (
    <FormPage title="Modify hotel" back={scope.back}>
      {scope.noHotel ? (
        <NoHotel />
      ) : (
        <ModifyHotel fixedHotel={scope.fixedHotel} images={imageSlot} />
      )}
    </FormPage>
  );
}

/** /home/createEvents (spec §2.13: title Events; lands on /home/Events). */
export function CreateEventsPage() {
  const scope = useContentScope();
  return (
    <FormPage title="Events" back={scope.back}>
      {scope.noHotel ? (
        <NoHotel />
      ) : (
        <EventForm
          form="eventCreate"
          fixedHotel={scope.fixedHotel}
          initial={emptyEventDraft(scope.fixedHotel)}
          images={imageSlot}
        />
      )}
    </FormPage>
  );
}

/** /home/modifyEvents */
export function ModifyEventsPage() {
  const scope = useContentScope();
  return (
    <FormPage title="Modify event" back={scope.back}>
      {scope.noHotel ? (
        <NoHotel />
      ) : (
        <ModifyEvent fixedHotel={scope.fixedHotel} images={imageSlot} />
      )}
    </FormPage>
  );
}

/** /home/createServRooms (superAdmin: one catalogue of room services for every hotel). */
export function CreateRoomServicePage() {
  const scope = useContentScope();
  return (
    <FormPage title="Services Rooms" back={scope.back}>
      <RoomServiceForm
        form="roomServiceCreate"
        initial={emptyRoomServiceDraft()}
        images={imageSlot}
      />
    </FormPage>
  );
}

/** /home/modifyServRooms */
export function ModifyRoomServicePage() {
  const scope = useContentScope();
  return (
    <FormPage title="Modify room service" back={scope.back}>
      <ModifyRoomService images={imageSlot} />
    </FormPage>
  );
}

/** /home/createServHotels (spec §2.13: title Services Hotels). */
export function CreateHotelServicePage() {
  const scope = useContentScope();
  return (
    <FormPage title="Services Hotels" back={scope.back}>
      {scope.noHotel ? (
        <NoHotel />
      ) : (
        <HotelServiceForm
          form="hotelServiceCreate"
          fixedHotel={scope.fixedHotel}
          initial={emptyHotelServiceDraft(scope.fixedHotel)}
          images={imageSlot}
        />
      )}
    </FormPage>
  );
}

/** /home/modifyServHotels */
export function ModifyHotelServicePage() {
  const scope = useContentScope();
  return (
    <FormPage title="Modify hotel service" back={scope.back}>
      {scope.noHotel ? (
        <NoHotel />
      ) : (
        <ModifyHotelService fixedHotel={scope.fixedHotel} images={imageSlot} />
      )}
    </FormPage>
  );
}

/** The screens by their route (the router's table names each by its path alone). */
export const CONTENT_SCREENS = {
  'home/createRooms': CreateRoomsPage,
  'home/ModifyRooms': ModifyRoomsPage,
  'home/createHotels': CreateHotelPage,
  'home/ModifyHotel': ModifyHotelPage,
  'home/createServRooms': CreateRoomServicePage,
  'home/modifyServRooms': ModifyRoomServicePage,
  'home/createServHotels': CreateHotelServicePage,
  'home/modifyServHotels': ModifyHotelServicePage,
  'home/createEvents': CreateEventsPage,
  'home/modifyEvents': ModifyEventsPage,
  'profileAdmin/formsAdmin': FormsAdminPage,
  'profileSuperAdmin/formsSuperAdmin': FormsSuperAdminPage,
} as const;
