import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import { QUALIFICATION_MAX, QUALIFICATION_MIN } from '@devstay/shared/constants';
import { Button, Checkbox, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useCities } from '../api/get-cities.ts';
import { useRoomServices } from '../api/get-room-services.ts';

export type FilterKind = 'qualification' | 'city' | 'services';

interface FilterModalProps {
  kind: FilterKind;
  opened: boolean;
  current?: string;
  onClose: () => void;
  onApply: (value: string) => void;
}

const STAR_OPTIONS = Array.from({ length: QUALIFICATION_MAX - QUALIFICATION_MIN + 1 }, (_, i) => {
  const stars = QUALIFICATION_MIN + i;
  return { value: String(stars), label: `${stars} ${stars === 1 ? 'star' : 'stars'}` };
});

function CitySelect({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (v: string | null) => void;
}) {
  const cities = useCities();
  const options = useMemo(() => {
    const seen = new Set<string>();
    const list: { value: string; label: string }[] = [];
    for (const c of cities.data ?? []) {
      if (seen.has(c.city)) continue;
      seen.add(c.city);
      list.push({ value: c.city, label: `${c.city} (${c.department}, ${c.state})` });
    }
    return list;
  }, [cities.data]);
  return (
    <Select
      label="City"
      placeholder={cities.isPending ? 'Loading cities...' : 'Choose a city'}
      data={options}
      value={value}
      onChange={onChange}
      searchable
      nothingFoundMessage="No city matches"
      disabled={cities.isError}
      error={cities.isError ? 'The cities could not be loaded' : undefined}
      maxDropdownHeight={240}
      // Focused when the modal opens, but closed until typed in or clicked: an open list
      // would cover Apply.
      openOnFocus={false}
      data-autofocus
    />
  );
}

/** The room services a room must have every one of; the value is their ids, comma-separated. */
function ServiceChoice({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (v: string | null) => void;
}) {
  const services = useRoomServices();
  const chosen = value ? value.split(',') : [];
  if (services.isPending) return <Text size="sm">Loading services...</Text>;
  if (services.isError) return <Text c="red">The room services could not be loaded</Text>;
  return (
    <Checkbox.Group
      label="Room services"
      value={chosen}
      onChange={(ids) => onChange(ids.length > 0 ? ids.join(',') : null)}
    >
      <Stack gap="xs" mt="xs">
        {services.data.map((service, i) => (
          <Checkbox
            key={service.id}
            value={String(service.id)}
            label={service.name}
            data-autofocus={i === 0 ? true : undefined}
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

const TITLES: Record<FilterKind, string> = {
  city: 'Filter by city',
  qualification: 'Filter by star',
  services: 'Filter by services',
};

const HINTS: Record<FilterKind, string> = {
  city: 'Shows the hotels of the chosen city.',
  qualification: 'Shows the hotels of the chosen star category.',
  services: 'Shows the hotels with a room that has every service chosen.',
};

/**
 * 'Filter by star', 'Filter by city' (a select) and 'Filter by services' (check boxes), each
 * with Apply (product §2.4).
 */
export function FilterModal({ kind, opened, current, onClose, onApply }: FilterModalProps) {
  const [value, setValue] = useState<string | null>(current ?? null);
  const apply = () => {
    if (!value) return; // Nothing chosen: Apply does nothing.
    onApply(value);
    onClose();
  };
  const title = TITLES[kind];
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      size="md"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        {kind === 'city' ? (
          <CitySelect value={value} onChange={setValue} />
        ) : kind === 'services' ? (
          <ServiceChoice value={value} onChange={setValue} />
        ) : (
          <Select
            label="Stars"
            placeholder="Choose a star category"
            data={STAR_OPTIONS}
            value={value}
            onChange={setValue}
            data-autofocus
          />
        )}
        <Text size="sm" c="dimmed">
          {HINTS[kind]}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={apply}>Apply</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
