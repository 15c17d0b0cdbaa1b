import { SimpleGrid, Text } from '@mantine/core';

export interface ProfileItem {
  label: string;
  value: string | null | undefined;
}

/** Labelled profile values as a description list; empty values read 'Not given'. */
export function ProfileDetails({ items }: { items: ProfileItem[] }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm" m={0}>
      {items.map((item) => (
        <div key={item.label}>
          <Text component="dt" size="sm" c="dimmed" fw={600}>
            {item.label}
          </Text>
          <Text component="dd" m={0} size="md" data-testid={`profile-${item.label}`}>
            {item.value?.trim() ? item.value : 'Not given'}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
