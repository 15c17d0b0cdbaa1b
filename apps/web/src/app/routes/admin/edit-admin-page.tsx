import '@mantine/core/styles/Divider.layer.css';
import type { UserProfile } from '@devstay/shared/contracts/users';
import { paths } from '@devstay/shared/paths';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Container, Divider, Group, Paper, Stack, TextInput } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Controller, FormProvider, type Path, useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { BackButton } from '../../../components/back-button.tsx';
import { ErrorScreen } from '../../../components/error-screen.tsx';
import { LoadingScreen } from '../../../components/loading-screen.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useUpdateAccount, useUser } from '../../../features/admin/api/users.ts';
import {
  type EditAccountInput,
  type EditAccountValues,
  EMPTY_PROFILE,
  editAccountForm,
  hotelId,
} from '../../../features/admin/components/account-form.ts';
import { HotelSelect } from '../../../features/admin/components/hotel-select.tsx';
import { ProfileFields } from '../../../features/admin/components/profile-fields.tsx';
import { ApiError, errorMessage, isNotFound } from '../../../lib/api.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';

export const ADMIN_UPDATED = 'Admin modified successfully';
const FORM_FIELDS = new Set(['idHotel', ...Object.keys(EMPTY_PROFILE)]);

function EditAdminForm({ account }: { account: UserProfile }) {
  const navigate = useNavigate();
  const update = useUpdateAccount(account.id);
  const isAdmin = account.rol === 'admin';
  const form = useForm<EditAccountInput, unknown, EditAccountValues>({
    resolver: zodResolver(editAccountForm),
    defaultValues: {
      name: account.name,
      lastname: account.lastname,
      dateOfBirth: account.dateOfBirth,
      dni: account.dni,
      address: account.address,
      city: account.city,
      country: account.country,
      idHotel: account.hotel ? String(account.hotel.id) : null,
    },
  });
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = form;

  const submit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync({
        name: values.name,
        lastname: values.lastname,
        dateOfBirth: values.dateOfBirth,
        dni: values.dni,
        address: values.address,
        city: values.city,
        country: values.country,
        ...(isAdmin ? { idHotel: hotelId(values.idHotel) } : {}),
      });
      notifySuccess(ADMIN_UPDATED, 'edit-admin');
      navigate(paths.adminTable);
    } catch (error) {
      const field = error instanceof ApiError ? error.field : undefined;
      if (field && FORM_FIELDS.has(field)) {
        setError(field as Path<EditAccountInput>, { message: errorMessage(error) });
      }
      notifyError(errorMessage(error), 'Could not update the admin', 'edit-admin');
    }
  });

  return (
    <FormProvider {...form}>
      <Paper withBorder p="lg" radius="md" component="form" onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Email"
            value={account.email}
            readOnly
            description="The e-mail of an account does not change."
          />
          {isAdmin ? (
            <Controller
              name="idHotel"
              control={control}
              render={({ field }) => (
                <HotelSelect
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  current={account.hotel}
                  clearable
                  error={errors.idHotel?.message}
                />
              )}
            />
          ) : null}
          <Divider label="Profile" labelPosition="left" />
          <ProfileFields />
          <Group justify="space-between">
            <BackButton fallback={paths.adminTable} />
            <Button
              type="submit"
              loading={update.isPending}
              leftSection={<IconDeviceFloppy size={18} aria-hidden="true" />}
            >
              Update
            </Button>
          </Group>
        </Stack>
      </Paper>
    </FormProvider>
  );
}

/** /profileSuperAdmin/editAdmin/:id: an admin's profile and hotel (product §2.12). */
export function EditAdminPage() {
  const { id = '' } = useParams();
  const account = useUser(id);

  let body: ReactNode;
  if (account.isPending) body = <LoadingScreen text="Loading admin..." />;
  else if (account.isError) {
    body = (
      <ErrorScreen
        order={2}
        title={isNotFound(account.error) ? 'Admin not found' : 'Could not load the admin'}
        message={errorMessage(account.error)}
        onRetry={isNotFound(account.error) ? undefined : () => void account.refetch()}
        homeTo={paths.adminTable}
        homeLabel="Admin table"
      />
    );
  } else body = <EditAdminForm key={account.data.id} account={account.data} />;

  return (
    <Container size="md" py="lg">
      <Stack gap="md">
        <PageTitle>Edit admin</PageTitle>
        {body}
      </Stack>
    </Container>
  );
}
