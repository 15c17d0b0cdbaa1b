import '@mantine/core/styles/Combobox.layer.css';
import { Select } from '@mantine/core';
import type { PickerOption } from '../utils/picker-options.ts';

interface RecordPickerProps {
  label: string;
  placeholder: string;
  options: PickerOption[];
  value: string | null;
  onChange: (value: string | null) => void;
  loading?: boolean;
  failed?: boolean;
  error?: string;
  disabled?: boolean;
}

/** A modify form's first step: the existing item to load (sorted ignoring accents and case). */
export function RecordPicker({
  label,
  placeholder,
  options,
  value,
  onChange,
  loading,
  failed,
  error,
  disabled,
}: RecordPickerProps) {
  let empty = 'Nothing to modify yet';
  if (loading) empty = 'Loading...';
  if (failed) empty = 'The list could not be loaded';
  return (
    <Select
      label={label}
      placeholder={loading ? 'Loading...' : placeholder}
      data={options}
      value={value}
      onChange={onChange}
      searchable
      nothingFoundMessage={empty}
      error={error}
      disabled={disabled}
      maxDropdownHeight={280}
      comboboxProps={{ withinPortal: true }}
      allowDeselect={false}
    />
  );
}
