import '@mantine/core/styles/Divider.layer.css';
import type { UserProfile } from '@devstay/shared/contracts/users';
import { paths } from '@devstay/shared/paths';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Container,
  Divider,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { IconTable, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, FormProvider, type Path, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { BackButton } from '../../../components/back-button.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { useCreateAccount } from '../../../features/admin/api/users.ts';
import {
  displayNameOf,
  EMPTY_PROFILE,
  hotelId,
  type RegisterAdminInput,
  type RegisterAdminValues,
  registerAdminForm,
} from '../../../features/admin/components/account-form.ts';
import { AccountSummary } from '../../../features/admin/components/account-summary.tsx';
import { HotelSelect } from '../../../features/admin/components/hotel-select.tsx';
import { ProfileFields } from '../../../features/admin/components/profile-fields.tsx';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';

export const ADMIN_REGISTERED = 'Admin registered successfully';

const DEFAULTS: RegisterAdminInput = { email: '', password: '', idHotel: null, ...EMPTY_PROFILE };
const FORM_FIELDS = new Set(['email', 'password', 'idHotel', ...Object.keys(EMPTY_PROFILE)]);

/**
 * /profileSuperAdmin/registerAdmin: the superAdmin creates an admin for a hotel. The superAdmin
 * stays signed in; the new admin's profile is shown and a verification e-mail is sent to them.
 */
export function RegisterAdminPage() {
  const create = useCreateAccount();
  const [created, setCreated] = useState<UserProfile | null>(null);
  const form = useForm<RegisterAdminInput, unknown, RegisterAdminValues>({
    resolver: zodResolver(registerAdminForm),
    defaultValues: DEFAULTS,
  });
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = form;

  const submit = handleSubmit(async (values) => {
    try {
      const profile = await create.mutateAsync({
        email: values.email,
        password: values.password,
        rol: 'admin',
        idHotel: hotelId(values.idHotel),
        name: values.name,
        lastname: values.lastname,
        displayName: displayNameOf(values.name, values.lastname),
        dni: values.dni,
        address: values.address,
        city: values.city,
        country: values.country,
        ...(values.dateOfBirth ? { dateOfBirth: values.dateOfBirth } : {}),
      });
      notifySuccess(ADMIN_REGISTERED, 'register-admin');
      setCreated(profile);
    } catch (error) {
      const field = error instanceof ApiError ? error.field : undefined;
      if (field && FORM_FIELDS.has(field)) {
        setError(field as Path<RegisterAdminInput>, { message: errorMessage(error) });
      }
      notifyError(errorMessage(error), 'Could not register the admin', 'register-admin');
    }
  });

  if (created) {
    return (
      <Container size="md" py="lg">
        <Stack gap="md">
          <PageTitle documentTitle="Admin registered">Admin registered</PageTitle>
          <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="new-admin">
            <Stack gap="md">
              <Title order={2} size="h3" id="new-admin">
                {displayNameOf(created.name, created.lastname) || created.email}
              </Title>
              <AccountSummary profile={created} />
            </Stack>
          </Paper>
          <Group gap="sm">
            <Button
              leftSection={<IconUserPlus size={18} aria-hidden="true" />}
              onClick={() => {
                reset(DEFAULTS);
                setCreated(null);
              }}
            >
              Register another admin
            </Button>
            <Button
              component={Link}
              to={paths.adminTable}
              variant="light"
              leftSection={<IconTable size={18} aria-hidden="true" />}
            >
              Admin table
            </Button>
          </Group>
        </Stack>
      </Container>
    );
  }

  return (
    <Container size="md" py="lg">
      <Stack gap="md">
        <PageTitle>Register admin</PageTitle>
        <FormProvider {...form}>
          <Paper withBorder p="lg" radius="md" component="form" onSubmit={submit} noValidate>
            <Stack gap="md">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label="Email"
                  type="email"
                  required
                  autoComplete="off"
                  error={errors.email?.message}
                  {...register('email')}
                />
                <PasswordField
                  label="Password"
                  required
                  autoComplete="new-password"
                  description="At least 6 characters"
                  error={errors.password?.message}
                  {...register('password')}
                />
              </SimpleGrid>
              <Controller
                name="idHotel"
                control={control}
                render={({ field }) => (
                  <HotelSelect
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    required
                    error={errors.idHotel?.message}
                  />
                )}
              />
              <Divider label="Profile" labelPosition="left" />
              <ProfileFields />
              <Group justify="space-between">
                <BackButton fallback={paths.superAdminDashboard} />
                <Button
                  type="submit"
                  loading={create.isPending}
                  leftSection={<IconUserPlus size={18} aria-hidden="true" />}
                >
                  Register
                </Button>
              </Group>
            </Stack>
          </Paper>
        </FormProvider>
      </Stack>
    </Container>
  );
}
