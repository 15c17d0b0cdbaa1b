import { profileFields } from '@devstay/shared/contracts/users';
import { paths } from '@devstay/shared/paths';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Container, Group, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { BackButton } from '../../../components/back-button.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useUpdateOwnProfile } from '../../../features/profiles/api/profile.ts';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSignedIn } from '../account/use-signed-in.ts';

export const PROFILE_UPDATED = 'Profile updated successfully';

const editUserForm = profileFields.pick({
  name: true,
  lastname: true,
  address: true,
  city: true,
  country: true,
});
type EditUserForm = z.infer<typeof editUserForm>;
const FIELDS = ['name', 'lastname', 'address', 'city', 'country'] as const;

const LABELS: Record<(typeof FIELDS)[number], { label: string; autoComplete: string }> = {
  name: { label: 'Name', autoComplete: 'given-name' },
  lastname: { label: 'Lastname', autoComplete: 'family-name' },
  address: { label: 'Address', autoComplete: 'street-address' },
  city: { label: 'City', autoComplete: 'address-level2' },
  country: { label: 'Country', autoComplete: 'country-name' },
};

/**
 * /profileusers/EditUser: name, lastname, address, city, country (product §2.12). Unlike the
 * original it waits for the server: the success toast only on success, its error otherwise.
 */
export function EditUserPage() {
  const { me, setMe } = useSignedIn();
  const navigate = useNavigate();
  const update = useUpdateOwnProfile(me.id);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = useForm<EditUserForm>({
    resolver: zodResolver(editUserForm),
    defaultValues: {
      name: me.name,
      lastname: me.lastname,
      address: me.address,
      city: me.city,
      country: me.country,
    },
  });

  const submit = handleSubmit(async (body) => {
    try {
      const profile = await update.mutateAsync(body);
      setMe(profile);
      notifySuccess(PROFILE_UPDATED, 'profile');
      navigate(paths.userProfile);
    } catch (error) {
      const field = error instanceof ApiError ? error.field : undefined;
      if (field && (FIELDS as readonly string[]).includes(field)) {
        setError(field as (typeof FIELDS)[number], { message: errorMessage(error) });
      }
      notifyError(errorMessage(error), 'Could not update your profile', 'profile');
    }
  });

  return (
    <Container size="sm" py="lg">
      <Stack gap="md">
        <PageTitle>Edit profile</PageTitle>
        <Paper withBorder p="lg" radius="md" component="form" onSubmit={submit} noValidate>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              {FIELDS.map((field) => (
                <TextInput
                  key={field}
                  label={LABELS[field].label}
                  autoComplete={LABELS[field].autoComplete}
                  error={errors[field]?.message}
                  {...register(field)}
                />
              ))}
            </SimpleGrid>
            <Group justify="space-between">
              <BackButton fallback={paths.userProfile} />
              <Button
                type="submit"
                loading={update.isPending}
                disabled={!isDirty}
                leftSection={<IconDeviceFloppy size={18} aria-hidden="true" />}
              >
                Update
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
