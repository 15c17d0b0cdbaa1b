import type { UserProfile } from '@devstay/shared/contracts/users';
import { capitalize } from '@devstay/shared/text';
import { SimpleGrid, Text } from '@mantine/core';

/** An account's profile as a description list (e-mail, role, hotel and the personal fields). */
export function AccountSummary({ profile }: { profile: UserProfile }) {
  const items: [string, string | null][] = [
    ['E-mail', profile.email],
    ['Role', profile.rol],
    ['Name', capitalize(profile.name)],
    ['Lastname', capitalize(profile.lastname)],
    ['Hotel', profile.hotel ? profile.hotel.name : null],
    ['Date of birth', profile.dateOfBirth],
    ['DNI', profile.dni],
    ['Address', capitalize(profile.address)],
    ['City', capitalize(profile.city)],
    ['Country', capitalize(profile.country)],
  ];
  return (
    <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm" m={0}>
      {items.map(([label, value]) => (
        <div key={label}>
          <Text component="dt" size="sm" c="dimmed" fw={600}>
            {label}
          </Text>
          <Text component="dd" m={0}>
            {value?.trim() ? value : 'Not given'}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
