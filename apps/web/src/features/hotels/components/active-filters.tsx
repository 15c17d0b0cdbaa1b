import type { HotelFilterKey } from '@devstay/shared/hotel-list-params';
import { Badge, CloseButton, Group, Text } from '@mantine/core';
import { useDateText } from '../../../lib/date-text.ts';
import type { HotelListParams } from '../api/get-hotels.ts';
import { activeFilters } from '../hooks/filter-chips.ts';

interface ActiveFiltersProps {
  params: HotelListParams;
  onRemove: (key: HotelFilterKey) => void;
}

/**
 * The search and filters in force, each removable on its own. Drawn only while one is
 * (`hasActiveFilter`): its code follows the first load.
 */
export function ActiveFilters({ params, onRemove }: ActiveFiltersProps) {
  const active = activeFilters(params, useDateText());
  if (active.length === 0) return null;
  return (
    <Group gap="xs" mb="md" aria-label="Active filters" role="group">
      <Text size="sm" fw={500}>
        Showing:
      </Text>
      {active.map(({ key, label }) => (
        <Badge
          key={key}
          variant="light"
          size="lg"
          tt="none"
          rightSection={
            <CloseButton
              size="sm"
              variant="transparent"
              aria-label={`Remove filter ${label}`}
              onClick={() => onRemove(key)}
            />
          }
        >
          {label}
        </Badge>
      ))}
    </Group>
  );
}
