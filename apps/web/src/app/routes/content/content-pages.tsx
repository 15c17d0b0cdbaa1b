/** The content screens (product §2.12, §2.13): the two forms pages, the ten forms and a room's rates. */
import '@mantine/core/styles/ThemeIcon.layer.css';
import type { Role } from '@devstay/shared/constants';
import { profileOf } from '@devstay/shared/paths';
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
import { FormPage } from '../../../features/content/components/form-frame.tsx';
import { FORM_SCREENS } from '../../../features/content/components/form-screens.tsx';
import { RoomChannels } from '../../../features/content/components/room-channels.tsx';
import { RoomRates } from '../../../features/content/components/room-rates.tsx';
import { imageSlot, NoHotel, useContentScope } from './content-scope.tsx';
import {
  CARD_SCREENS,
  type CardScreen,
  CONTENT_SCREENS,
  type ContentScreen,
  FORM_CARDS,
  FORMS_PAGES,
  type FormCard,
  type FormsPage,
  ROOM_CHANNELS_SCREEN,
  ROOM_RATES_SCREEN,
} from './content-screens.ts';

/** What each card of the forms pages says (product §2.12); its buttons come from the screens. */
const CARD_TEXTS: Record<
  FormCard,
  { text: string; icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean | 'true' }> }
> = {
  Hotels: {
    text: 'The hotel itself: name, pictures, stars, description, address and place.',
    icon: IconBuildingSkyscraper,
  },
  Rooms: {
    text: 'Room types with their price, stock, category and services, and their nightly rates.',
    icon: IconBed,
  },
  'Services Hotels': { text: 'What the hotel offers beyond its rooms.', icon: IconToolsKitchen2 },
  'Services Rooms': {
    text: 'The catalogue of room services every hotel picks from (superAdmin).',
    icon: IconSparkles,
  },
  Events: { text: 'IT events the hotel hosts, with date and time.', icon: IconCalendarEvent },
};

/** A card's button as read aloud: 'Create Rooms', 'Modify Events'; the rates by their title. */
function buttonName(screen: CardScreen, card: FormCard): string {
  return screen.action === 'Rates' ? screen.title : `${screen.action} ${card}`;
}

/** A forms page: a card per kind of content, its buttons disabled for a role that may not use them. */
function FormsPageScreen({ role }: { role: Role }) {
  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <PageTitle>Forms</PageTitle>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {FORM_CARDS.map((title) => {
            const card = CARD_TEXTS[title];
            return (
              <Card key={title} withBorder shadow="xs" padding="lg" component="section">
                <Stack gap="sm" h="100%">
                  <ThemeIcon size={44} radius="md" variant="light">
                    <card.icon size={26} aria-hidden="true" />
                  </ThemeIcon>
                  <Title order={2} size="h3">
                    {title}
                  </Title>
                  <Text c="dimmed" style={{ flex: 1 }}>
                    {card.text}
                  </Text>
                  <Group gap="sm">
                    {CARD_SCREENS.filter((screen) => screen.card === title).map((screen) =>
                      screen.roles.includes(role) ? (
                        <Button
                          key={screen.path}
                          component={Link}
                          to={screen.path}
                          variant="light"
                          aria-label={buttonName(screen, title)}
                        >
                          {screen.action}
                        </Button>
                      ) : (
                        <Button
                          key={screen.path}
                          disabled
                          variant="light"
                          aria-label={buttonName(screen, title)}
                        >
                          {screen.action}
                        </Button>
                      ),
                    )}
                  </Group>
                </Stack>
              </Card>
            );
          })}
        </SimpleGrid>
        <Group>
          <BackButton fallback={profileOf(role)} />
        </Group>
      </Stack>
    </Container>
  );
}

/**
 * A form's screen: its title, then the form (or the modify flow) for the account. An admin's
 * hotel is fixed in it; an admin with no hotel yet has nothing to edit.
 */
function ContentScreenPage({ screen }: { screen: ContentScreen }) {
  const scope = useContentScope();
  return (
    <FormPage title={screen.title} back={scope.back}>
      {scope.noHotel ? (
        <NoHotel />
      ) : (
        FORM_SCREENS[screen.form]({ fixedHotel: scope.fixedHotel, images: imageSlot })
      )}
    </FormPage>
  );
}

/** A room's rates: its hotel fixed for an admin, picked by the superAdmin. */
function RoomRatesPage() {
  const scope = useContentScope();
  return (
    <FormPage title={ROOM_RATES_SCREEN.title} back={scope.back}>
      {scope.noHotel ? <NoHotel /> : <RoomRates fixedHotel={scope.fixedHotel} />}
    </FormPage>
  );
}

/** A room's channels: its hotel fixed for an admin, picked by the superAdmin. */
function RoomChannelsPage() {
  const scope = useContentScope();
  return (
    <FormPage title={ROOM_CHANNELS_SCREEN.title} back={scope.back}>
      {scope.noHotel ? <NoHotel /> : <RoomChannels fixedHotel={scope.fixedHotel} />}
    </FormPage>
  );
}

const pages = new Map<string, ComponentType>([
  [ROOM_RATES_SCREEN.path, RoomRatesPage],
  [ROOM_CHANNELS_SCREEN.path, RoomChannelsPage],
  ...CONTENT_SCREENS.map((screen): [string, ComponentType] => [
    screen.path,
    () => <ContentScreenPage screen={screen} />,
  ]),
  ...FORMS_PAGES.map((forms: FormsPage): [string, ComponentType] => [
    forms.path,
    () => <FormsPageScreen role={forms.role} />,
  ]),
]);

/** The page at a path of `CARD_SCREENS` or `FORMS_PAGES` (the route table names each by path). */
export function contentPageAt(path: string): ComponentType {
  const page = pages.get(path);
  if (!page) throw new Error(`No content screen at ${path}`);
  return page;
}
