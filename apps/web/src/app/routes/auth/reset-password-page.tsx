import { PASSWORD_MIN } from '@devstay/shared/constants';
import { resetPasswordBody } from '@devstay/shared/contracts/auth';
import { paths } from '@devstay/shared/paths';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { PasswordField } from '../../../components/password-field.tsx';
import { resetPassword } from '../../../features/auth/api/auth-client.ts';
import { refreshSession } from '../../../features/auth/api/session.ts';
import { AuthCard } from '../../../features/auth/components/auth-card.tsx';
import { ErrorBox } from '../../../features/auth/components/error-box.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { notifySuccess } from '../../../lib/notify.ts';

export const PASSWORDS_DIFFER = 'The passwords do not match';
export const PASSWORD_CHANGED = 'Your password was changed. Log in with your new password';
export const LINK_INCOMPLETE =
  'This reset link is incomplete or has expired. Ask for a new one from the reset page.';

const newPasswordForm = z
  .object({
    newPassword: resetPasswordBody.shape.newPassword,
    confirm: z.string(),
  })
  .refine((v) => v.newPassword === v.confirm, { message: PASSWORDS_DIFFER, path: ['confirm'] });
type NewPasswordForm = z.infer<typeof newPasswordForm>;

/** /reset-password?token=…: the reset e-mail's link; choose a new password, then log in. */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const linkError = params.get('error');
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<NewPasswordForm>({
    resolver: zodResolver(newPasswordForm),
    defaultValues: { newPassword: '', confirm: '' },
  });

  const submit = handleSubmit(async ({ newPassword }) => {
    setServerError(null);
    try {
      await resetPassword({ token, newPassword });
    } catch (error) {
      setServerError(errorMessage(error));
      return;
    }
    // Every session of the account ended with the reset.
    await refreshSession(queryClient);
    notifySuccess(PASSWORD_CHANGED, 'reset');
    navigate(paths.login);
  });

  if (!token || linkError) {
    return (
      <AuthCard title="Choose a new password">
        <ErrorBox message={LINK_INCOMPLETE} />
        <Button component={Link} to={paths.forgotPassword} fullWidth>
          Ask for a new link
        </Button>
      </AuthCard>
    );
  }

  const message = errors.newPassword?.message ?? errors.confirm?.message ?? serverError;
  return (
    <AuthCard title="Choose a new password">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <ErrorBox message={message} />
          <PasswordField
            label="New password"
            description={`At least ${PASSWORD_MIN} characters`}
            autoComplete="new-password"
            aria-invalid={errors.newPassword ? true : undefined}
            {...register('newPassword')}
          />
          <PasswordField
            label="Repeat the new password"
            autoComplete="new-password"
            aria-invalid={errors.confirm ? true : undefined}
            {...register('confirm')}
          />
          <Button
            type="submit"
            loading={isSubmitting}
            leftSection={<IconLock size={18} aria-hidden="true" />}
            fullWidth
          >
            Save new password
          </Button>
        </Stack>
      </form>
      <Text ta="center" size="sm">
        <Anchor component={Link} to={paths.login} underline="always">
          Back to login
        </Anchor>
      </Text>
    </AuthCard>
  );
}
