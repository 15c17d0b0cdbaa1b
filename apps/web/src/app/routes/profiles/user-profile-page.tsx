import '@mantine/core/styles/Tooltip.layer.css';
import { paths } from '@devstay/shared/paths';
import { capitalize } from '@devstay/shared/text';
import {
  ActionIcon,
  Badge,
  Button,
  Container,
  Group,
  Paper,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconHeart, IconHistory, IconMailForward, IconPencil } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/page-title.tsx';
import { useResendVerification } from '../../../features/profiles/api/profile.ts';
import { ProfileDetails } from '../../../features/profiles/components/profile-details.tsx';
import { WaitlistEntries } from '../../../features/waitlist/components/waitlist-entries.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { notifyError, notifyInfo, notifySuccess } from '../../../lib/notify.ts';
import { useSignedIn } from '../account/use-signed-in.ts';

export const EMAIL_VERIFIED = 'Your e-mail is verified';
export const VERIFICATION_FAILED =
  'This verification link is invalid or has expired. Ask for a new one from your profile.';

/** Arriving from the verification e-mail's link: say how it went, once. */
function useVerificationResult(verified: boolean) {
  const [params, setParams] = useSearchParams();
  const arrived = params.get('verified') !== null || params.get('error') !== null;
  const failed = params.get('error') !== null;
  useEffect(() => {
    if (!arrived) return;
    if (failed || !verified) notifyError(VERIFICATION_FAILED, undefined, 'verify');
    else notifySuccess(EMAIL_VERIFIED, 'verify');
    setParams({}, { replace: true });
  }, [arrived, failed, verified, setParams]);
}

/** /profileusers: the user's own profile (product §2.12). */
export function UserProfilePage() {
  const { me } = useSignedIn();
  const resend = useResendVerification();
  useVerificationResult(me.emailVerified);
  const first = capitalize(me.name.trim());
  const welcome = first || capitalize(me.displayName.trim()) || me.email;

  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <PageTitle documentTitle="Your profile">{`Welcome, ${welcome}!`}</PageTitle>
          <Tooltip label="Edit profile">
            <ActionIcon
              component={Link}
              to={paths.editUser}
              size="xl"
              variant="light"
              aria-label="Edit profile"
            >
              <IconPencil size={22} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Paper withBorder p="lg" radius="md">
          <Stack gap="md">
            <Group gap="sm" wrap="wrap">
              <Text fw={600}>{me.email}</Text>
              {me.emailVerified ? (
                <Badge color="teal.9" data-testid="email-status">
                  E-mail verified
                </Badge>
              ) : (
                <Badge color="yellow.4" autoContrast data-testid="email-status">
                  E-mail not verified
                </Badge>
              )}
            </Group>
            {me.emailVerified ? null : (
              <Group gap="sm">
                <Text size="sm">Check your inbox for the link we sent you.</Text>
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconMailForward size={16} aria-hidden="true" />}
                  loading={resend.isPending}
                  onClick={() =>
                    resend.mutate(me.email, {
                      onSuccess: () => notifyInfo('We sent you an email. Check your inbox'),
                      onError: (error) =>
                        notifyError(errorMessage(error), 'Could not send the e-mail'),
                    })
                  }
                >
                  Send the link again
                </Button>
              </Group>
            )}
            <ProfileDetails
              items={[
                { label: 'Name', value: capitalize(me.name) },
                { label: 'Last name', value: capitalize(me.lastname) },
                { label: 'Address', value: capitalize(me.address) },
                { label: 'City', value: capitalize(me.city) },
                { label: 'Country', value: capitalize(me.country) },
              ]}
            />
          </Stack>
        </Paper>
        <Group gap="sm">
          <Button
            component={Link}
            to={paths.bookingHistory}
            leftSection={<IconHistory size={18} aria-hidden="true" />}
          >
            Booking history
          </Button>
          <Button
            component={Link}
            to={paths.favorites}
            variant="light"
            leftSection={<IconHeart size={18} aria-hidden="true" />}
          >
            Favorites
          </Button>
        </Group>
        <WaitlistEntries userId={me.id} />
      </Stack>
    </Container>
  );
}
