import { type ForgotPasswordBody, forgotPasswordBody } from '@devstay/shared/contracts/auth';
import { paths } from '@devstay/shared/paths';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { requestPasswordReset } from '../../../features/auth/api/auth-client.ts';
import { AuthCard } from '../../../features/auth/components/auth-card.tsx';
import { ErrorBox } from '../../../features/auth/components/error-box.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { notifyInfo } from '../../../lib/notify.ts';

export const RESET_SENT = 'We sent you an email to reset your password. Check your inbox';

/** /reset: asks for the e-mail and sends a reset link (product §2.11, §4); errors in a red box. */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof forgotPasswordBody>, unknown, ForgotPasswordBody>({
    resolver: zodResolver(forgotPasswordBody),
    defaultValues: { email: '' },
  });

  const submit = handleSubmit(async (body) => {
    setServerError(null);
    try {
      await requestPasswordReset(body);
    } catch (error) {
      setServerError(errorMessage(error));
      return;
    }
    notifyInfo(RESET_SENT, 'reset');
    navigate(paths.login);
  });

  return (
    <AuthCard
      title="Reset password"
      intro="Write the e-mail of your account and we will send you a link to choose a new password."
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <ErrorBox message={errors.email?.message ?? serverError} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            aria-invalid={errors.email ? true : undefined}
            {...register('email', { onChange: () => setServerError(null) })}
          />
          <Button
            type="submit"
            loading={isSubmitting}
            leftSection={<IconMailForward size={18} aria-hidden="true" />}
            fullWidth
          >
            Reset password
          </Button>
        </Stack>
      </form>
      <Text ta="center" size="sm">
        Remembered it?{' '}
        <Anchor component={Link} to={paths.login} fw={600} underline="always">
          Log in
        </Anchor>
      </Text>
    </AuthCard>
  );
}
