import { traveller as travellerSchema } from '@devstay/shared/contracts/cart';
import { Group, Stack, Text, TextInput } from '@mantine/core';
import { useId, useState } from 'react';
import type { CartLine } from '../store/cart-store.ts';

type Traveller = NonNullable<CartLine['traveller']>;

/** The schema's message for each field of a traveller typed so far (none while both are empty). */
function travellerErrors(draft: Traveller): Partial<Record<keyof Traveller, string>> {
  if (!draft.name.trim() && !draft.email.trim()) return {};
  const checked = travellerSchema.safeParse(draft);
  if (checked.success) return {};
  const errors: Partial<Record<keyof Traveller, string>> = {};
  for (const issue of checked.error.issues) {
    const field = issue.path[0] as keyof Traveller;
    errors[field] ??= issue.message;
  }
  return errors;
}

interface TravellerFieldsProps {
  line: CartLine;
  /** The room's name, for the fields' labels. */
  room: string;
  /** Keeps the traveller with the line; undefined when both fields are empty. */
  onChange: (traveller: Traveller | undefined) => void;
}

/**
 * 'Who is staying?' (a team trip): the organiser may name who stays in a line's rooms, by name
 * and e-mail; the traveller is then e-mailed the stay. Optional: both empty, the organiser
 * stays. Checked as typed by the API's own schema (`traveller`), which the checkout runs again.
 */
export function TravellerFields({ line, room, onChange }: TravellerFieldsProps) {
  const [draft, setDraft] = useState<Traveller>(line.traveller ?? { name: '', email: '' });
  const headingId = useId();
  const errors = travellerErrors(draft);
  const update = (next: Traveller) => {
    setDraft(next);
    onChange(next.name.trim() || next.email.trim() ? next : undefined);
  };
  return (
    <Stack gap={4} role="group" aria-labelledby={headingId}>
      <Text size="sm" fw={600} id={headingId}>
        Who is staying?{' '}
        <Text span size="xs" c="dimmed">
          (optional: the traveller gets the stay by e-mail, without its prices)
        </Text>
      </Text>
      <Group gap="xs" align="flex-start" wrap="wrap">
        <TextInput
          size="xs"
          label="Traveller’s name"
          aria-label={`Traveller’s name for ${room}`}
          value={draft.name}
          error={errors.name}
          maxLength={100}
          autoComplete="off"
          onChange={(event) => update({ ...draft, name: event.currentTarget.value })}
          style={{ flex: '1 1 160px' }}
        />
        <TextInput
          size="xs"
          type="email"
          label="Traveller’s e-mail"
          aria-label={`Traveller’s e-mail for ${room}`}
          value={draft.email}
          error={errors.email}
          autoComplete="off"
          onChange={(event) => update({ ...draft, email: event.currentTarget.value })}
          style={{ flex: '1 1 200px' }}
        />
      </Group>
    </Stack>
  );
}
