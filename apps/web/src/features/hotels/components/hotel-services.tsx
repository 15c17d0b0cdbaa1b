import type { HotelService } from '@devstay/shared/contracts/catalogue';
import { capitalize } from '@devstay/shared/text';
import { Group, Image, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IMAGE_SIZES, responsiveImage } from '../../../lib/image-url.ts';

/** What the hotel offers besides rooms: coworking, fast Wi-Fi, meeting rooms... */
export function HotelServices({ services }: { services: HotelService[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      {services.map((service) => (
        <Paper key={service.id} withBorder p="sm" component="article">
          <Group wrap="nowrap" align="flex-start" gap="sm">
            <Image
              {...responsiveImage(service.image[0], IMAGE_SIZES.icon)}
              alt=""
              w={56}
              h={56}
              radius="sm"
              fit="cover"
              loading="lazy"
            />
            <Stack gap={2}>
              <Title order={3} size="h5">
                {capitalize(service.name)}
              </Title>
              <Text size="sm" c="dimmed">
                {service.description}
              </Text>
            </Stack>
          </Group>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
