import { Badge, CloseButton, Group, Text } from '@mantine/core';
import { useDateText } from '../../../lib/date-text.ts';
import type { HotelListParams } from '../api/get-hotels.ts';
import type { HotelFilterKey } from '../hooks/use-hotel-list-state.ts';

interface ActiveFiltersProps {
  params: HotelListParams;
  onRemove: (key: HotelFilterKey) => void;
}

/** The search and filters in force, each removable on its own. */
export function ActiveFilters({ params, onRemove }: ActiveFiltersProps) {
  const dateText = useDateText();
  const active: { key: HotelFilterKey; label: string }[] = [];
  if (params.name) active.push({ key: 'name', label: `Name: ${params.name}` });
  if (params.city) active.push({ key: 'city', label: `City: ${params.city}` });
  if (params.qualification) {
    const n = params.qualification;
    active.push({ key: 'qualification', label: `${n} ${n === 1 ? 'star' : 'stars'}` });
  }
  if (params.stay) {
    const { checkIn, checkOut } = params.stay;
    const rooms = params.rooms ?? 1;
    const guests = params.guests ?? 1;
    active.push({
      key: 'stay',
      label: `${dateText(checkIn)} to ${dateText(checkOut)}, ${rooms} ${rooms === 1 ? 'room' : 'rooms'}, ${guests} ${
        guests === 1 ? 'guest' : 'guests'
      }`,
    });
  }
  if (params.services) {
    const n = params.services.length;
    active.push({ key: 'services', label: `${n} room ${n === 1 ? 'service' : 'services'}` });
  }
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
