import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import { Alert, Select, SimpleGrid } from '@mantine/core';
import { useMemo } from 'react';
import { useCities, useDepartments, useStates } from '../api/content-api.ts';
import type { ContentDraft } from '../hooks/use-content-draft.ts';
import { nameOptions, sortOptions } from '../utils/picker-options.ts';

/** The product's text when a location call fails (§8). */
const LOCATION_ERROR = 'Error';

const text = (value: string | null) => value ?? '';

/**
 * States → departments → cities, each list read when the step above is chosen (product §3). A
 * cascade step: choosing a state clears the department and city, and so on.
 */
export function LocationFields({ draft }: { draft: ContentDraft<'hotelCreate' | 'hotelModify'> }) {
  const { state, department, idLocation } = draft.draft;
  const errors = draft.visibleErrors;
  const onChange = draft.setMany;
  const states = useStates();
  const departments = useDepartments(text(state));
  const cities = useCities(text(state), text(department));
  const failed = states.isError || departments.isError || cities.isError;

  const stateOptions = useMemo(() => nameOptions(states.data ?? []), [states.data]);
  const departmentOptions = useMemo(() => nameOptions(departments.data ?? []), [departments.data]);
  const cityOptions = useMemo(
    () => sortOptions((cities.data ?? []).map((c) => ({ value: String(c.id), label: c.city }))),
    [cities.data],
  );

  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Select
          label="State"
          placeholder={states.isPending ? 'Loading...' : 'Choose a state'}
          data={stateOptions}
          value={text(state) || null}
          onChange={(value) => onChange({ state: value ?? '', department: '', idLocation: null })}
          searchable
          required
          allowDeselect={false}
          error={errors.state}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label="Department"
          placeholder={text(state) ? 'Choose a department' : 'Choose a state first'}
          data={departmentOptions}
          value={text(department) || null}
          onChange={(value) => onChange({ department: value ?? '', idLocation: null })}
          disabled={!text(state)}
          searchable
          required
          allowDeselect={false}
          error={errors.department}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label="City"
          placeholder={text(department) ? 'Choose a city' : 'Choose a department first'}
          data={cityOptions}
          value={idLocation === null ? null : String(idLocation)}
          onChange={(value) => onChange({ idLocation: value ? Number(value) : null })}
          disabled={!text(department)}
          searchable
          required
          allowDeselect={false}
          error={errors.idLocation}
          comboboxProps={{ withinPortal: true }}
        />
      </SimpleGrid>
      {failed ? (
        <Alert color="red" role="alert" title={LOCATION_ERROR}>
          The places could not be loaded. Try again in a moment.
        </Alert>
      ) : null}
    </>
  );
}
