import '@mantine/dates/styles.layer.css';
import { SimpleGrid, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { Controller, useFormContext } from 'react-hook-form';
import type { EditAccountInput } from './account-form.ts';

type ProfileInput = Pick<
  EditAccountInput,
  'name' | 'lastname' | 'dateOfBirth' | 'dni' | 'address' | 'city' | 'country'
>;

/** Yesterday as yyyy-MM-dd: the latest possible date of birth. */
function yesterday(): string {
  const d = new Date();
  d.setDate(d.getDate() - 1);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * Name, lastname, date of birth, DNI, address, city, country of an admin form (inside the form's
 * FormProvider).
 */
export function ProfileFields() {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<ProfileInput>();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput
        label="Name"
        required
        autoComplete="off"
        error={errors.name?.message}
        {...register('name')}
      />
      <TextInput
        label="Lastname"
        required
        autoComplete="off"
        error={errors.lastname?.message}
        {...register('lastname')}
      />
      <Controller
        name="dateOfBirth"
        control={control}
        render={({ field }) => (
          <DateInput
            label="Date of birth"
            placeholder="YYYY-MM-DD"
            valueFormat="YYYY-MM-DD"
            maxDate={yesterday()}
            defaultLevel="decade"
            clearable
            value={(field.value as string | null) ?? null}
            onChange={(value) => field.onChange(value ?? null)}
            onBlur={field.onBlur}
            leftSection={<IconCalendar size={18} aria-hidden="true" />}
            popoverProps={{ withinPortal: true }}
            error={errors.dateOfBirth?.message}
          />
        )}
      />
      <TextInput label="DNI" autoComplete="off" error={errors.dni?.message} {...register('dni')} />
      <TextInput
        label="Address"
        autoComplete="off"
        error={errors.address?.message}
        {...register('address')}
      />
      <TextInput
        label="City"
        autoComplete="off"
        error={errors.city?.message}
        {...register('city')}
      />
      <TextInput
        label="Country"
        autoComplete="off"
        error={errors.country?.message}
        {...register('country')}
      />
    </SimpleGrid>
  );
}
