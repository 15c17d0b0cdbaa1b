import '@mantine/core/styles/Divider.layer.css';
import { type SignInBody, signInBody } from '@devstay/shared/contracts/auth';
import { paths } from '@devstay/shared/paths';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { IconLogin2 } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { signIn } from '../../../features/auth/api/auth-client.ts';
import { refreshSession } from '../../../features/auth/api/session.ts';
import { AuthCard } from '../../../features/auth/components/auth-card.tsx';
import { CredentialFields } from '../../../features/auth/components/credential-fields.tsx';
import { SocialSignIn } from '../../../features/auth/components/social-sign-in.tsx';
import {
  canSubmitCredentials,
  toastAuthError,
  toastFirstFieldError,
} from '../../../features/auth/utils/auth-feedback.ts';
import { notifyError } from '../../../lib/notify.ts';
import { safeNext } from '../account/login-return.ts';

const TOAST_ID = 'login';

/** What a provider's `?error=` means to the person who was sent back here. */
export function socialErrorMessage(code: string): string {
  if (code === 'access_denied') return 'Cancelled popup request';
  const words = code.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return `The sign-in with the provider failed: ${words || 'unknown error'}`;
}

/** /login: e-mail and password, the reset link, Google and other providers (product §2.11). */
export function LoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const {
    register,
    handleSubmit,
    watch,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof signInBody>, unknown, SignInBody>({
    resolver: zodResolver(signInBody),
    defaultValues: { email: '', password: '' },
  });
  const email = watch('email');
  const password = watch('password');

  // Back from a provider that refused or failed.
  const providerError = params.get('error');
  useEffect(() => {
    if (!providerError) return;
    notifyError(socialErrorMessage(providerError), undefined, TOAST_ID);
    setParams(
      (current) => {
        current.delete('error');
        return current;
      },
      { replace: true },
    );
  }, [providerError, setParams]);

  const submit = handleSubmit(
    async (body) => {
      try {
        await signIn(body);
      } catch (error) {
        toastAuthError(error, TOAST_ID);
        return;
      }
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
      await refreshSession(queryClient);
      // Back to the screen that asked for the login (e.g. the payment), else /home (product §4).
      navigate(safeNext(params.get('next')));
    },
    (invalid) => toastFirstFieldError(invalid, TOAST_ID),
  );

  return (
    <AuthCard title="Log in" intro="Welcome back! Log in to book rooms and keep your favorites.">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <CredentialFields
            email={register('email')}
            password={register('password')}
            errors={errors}
            passwordAutoComplete="current-password"
          />
          <Group justify="flex-end">
            <Anchor component={Link} to={paths.forgotPassword} size="sm">
              Forgot your password?
            </Anchor>
          </Group>
          <Button
            type="submit"
            disabled={!canSubmitCredentials(email, password)}
            loading={isSubmitting}
            leftSection={<IconLogin2 size={18} aria-hidden="true" />}
            fullWidth
          >
            Login
          </Button>
        </Stack>
      </form>
      <Text ta="center" size="sm">
        No account yet?{' '}
        <Anchor component={Link} to={paths.register} fw={600} underline="always">
          Register
        </Anchor>
      </Text>
      <Divider label="or" labelPosition="center" />
      <SocialSignIn
        loginHint={() => getValues('email') ?? ''}
        returnTo={safeNext(params.get('next'))}
      />
      <Text ta="center" size="sm" c="dimmed">
        By logging in you accept our{' '}
        <Anchor component={Link} to={paths.terms} inherit underline="always">
          terms
        </Anchor>{' '}
        and{' '}
        <Anchor component={Link} to={paths.privacy} inherit underline="always">
          privacy policy
        </Anchor>
        .
      </Text>
    </AuthCard>
  );
}
