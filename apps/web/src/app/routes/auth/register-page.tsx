import { SIGN_UP_INFO, type SignUpBody, signUpBody } from '@devstay/shared/contracts/auth';
import { paths } from '@devstay/shared/paths';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { signUp } from '../../../features/auth/api/auth-client.ts';
import { refreshSession } from '../../../features/auth/api/session.ts';
import { AuthCard } from '../../../features/auth/components/auth-card.tsx';
import { CredentialFields } from '../../../features/auth/components/credential-fields.tsx';
import {
  canSubmitCredentials,
  toastAuthError,
  toastFirstFieldError,
} from '../../../features/auth/utils/auth-feedback.ts';
import { notifyInfo } from '../../../lib/notify.ts';

const TOAST_ID = 'register';

/**
 * /register: e-mail and password (product §2.11). The new account is a user, signed in at once;
 * a verification e-mail is on its way (product §4).
 */
export function RegisterPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof signUpBody>, unknown, SignUpBody>({
    resolver: zodResolver(signUpBody),
    defaultValues: { email: '', password: '' },
  });
  const email = watch('email');
  const password = watch('password');

  const submit = handleSubmit(
    async (body) => {
      try {
        await signUp({ email: body.email, password: body.password });
      } catch (error) {
        toastAuthError(error, TOAST_ID);
        return;
      }
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
      await refreshSession(queryClient);
      notifyInfo(SIGN_UP_INFO, TOAST_ID);
      navigate(paths.hotels);
    },
    (invalid) => toastFirstFieldError(invalid, TOAST_ID),
  );

  return (
    <AuthCard title="Register" intro="Create your account to book rooms and save favorites.">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <CredentialFields
            email={register('email')}
            password={register('password')}
            errors={errors}
            passwordAutoComplete="new-password"
            passwordDescription="At least 6 characters"
          />
          <Button
            type="submit"
            disabled={!canSubmitCredentials(email, password)}
            loading={isSubmitting}
            leftSection={<IconUserPlus size={18} aria-hidden="true" />}
            fullWidth
          >
            Register
          </Button>
        </Stack>
      </form>
      <Text ta="center" size="sm">
        Already have an account?{' '}
        <Anchor component={Link} to={paths.login} fw={600} underline="always">
          Log in
        </Anchor>
      </Text>
    </AuthCard>
  );
}
