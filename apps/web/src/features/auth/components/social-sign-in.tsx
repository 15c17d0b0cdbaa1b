import { Button, Stack, Text } from '@mantine/core';
import { IconBrandGoogle, IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api.ts';
import { notifyError } from '../../../lib/notify.ts';
import { startSocialSignIn, useAuthProviders } from '../api/auth-client.ts';

const GOOGLE_UNAVAILABLE = 'Google sign-in is not set up on this server.';

/**
 * 'Continue with Google', enabled when the server has Google configured, and one button per
 * OpenID Connect provider it offers. `loginHint` returns the e-mail typed on the form, if any;
 * `returnTo` is where the provider sends the person back (default /home).
 */
export function SocialSignIn({
  loginHint,
  returnTo,
}: {
  loginHint: () => string;
  returnTo?: string;
}) {
  const providers = useAuthProviders();
  const [starting, setStarting] = useState<string | null>(null);
  const list = providers.data?.providers ?? [];
  const google = list.find((p) => p.kind === 'google');
  const others = list.filter((p) => p.kind === 'oidc');

  const start = async (id: string) => {
    setStarting(id);
    try {
      await startSocialSignIn(id, loginHint().trim() || undefined, returnTo);
    } catch (error) {
      notifyError(errorMessage(error), 'Could not start the sign-in');
      setStarting(null);
    }
  };

  return (
    <Stack gap="xs">
      <Button
        variant="default"
        leftSection={<IconBrandGoogle size={18} aria-hidden="true" />}
        disabled={!google || (starting !== null && starting !== google.id)}
        loading={google !== undefined && starting === google.id}
        onClick={() => google && start(google.id)}
        aria-describedby={google ? undefined : 'google-unavailable'}
        fullWidth
      >
        Continue with Google
      </Button>
      {!google && !providers.isPending ? (
        <Text id="google-unavailable" size="sm" c="dimmed" ta="center">
          {GOOGLE_UNAVAILABLE}
        </Text>
      ) : null}
      {others.map((provider) => (
        <Button
          key={provider.id}
          variant="default"
          leftSection={<IconKey size={18} aria-hidden="true" />}
          disabled={starting !== null && starting !== provider.id}
          loading={starting === provider.id}
          onClick={() => start(provider.id)}
          fullWidth
        >
          {`Continue with ${provider.name}`}
        </Button>
      ))}
    </Stack>
  );
}
