import '@mantine/core/styles/List.layer.css';
import '@mantine/core/styles/ThemeIcon.layer.css';
import type { RoomService } from '@devstay/shared/contracts/catalogue';
import { Group, Image, List, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';

interface RoomServicesProps {
  services: RoomService[];
  /** Service names of the room, shown when the detailed services carry no more. */
  names: string[];
}

/** The room's services, each with its icon and name (product §2.6). */
export function RoomServices({ services, names }: RoomServicesProps) {
  if (services.length > 0) {
    return (
      <SimpleGrid
        cols={{ base: 1, xs: 2, sm: 3 }}
        spacing="sm"
        component="ul"
        className="plain-list"
      >
        {services.map((service) => {
          const icon = service.image[0]?.url;
          return (
            <Group key={service.id} component="li" gap="sm" wrap="nowrap">
              {icon ? (
                <Image src={icon} alt="" w={32} h={32} fit="contain" loading="lazy" />
              ) : (
                <ThemeIcon variant="light" size={32} aria-hidden="true">
                  <IconCheck size={18} />
                </ThemeIcon>
              )}
              <Text>{service.name}</Text>
            </Group>
          );
        })}
      </SimpleGrid>
    );
  }
  if (names.length === 0) return <Text c="dimmed">This room lists no services.</Text>;
  return (
    <List
      spacing="xs"
      icon={
        <ThemeIcon variant="light" size={24} aria-hidden="true">
          <IconCheck size={16} />
        </ThemeIcon>
      }
    >
      {names.map((name) => (
        <List.Item key={name}>{name}</List.Item>
      ))}
    </List>
  );
}
