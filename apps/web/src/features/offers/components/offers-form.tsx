import { Button, Group, Text, TextInput } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../lib/api.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSubscribeOffers } from '../api/subscribe-offers.ts';

/** The footer's offers sign-up: one e-mail field and a send button (product §2.2). */
export function OffersForm() {
  const [email, setEmail] = useState('');
  const subscribe = useSubscribeOffers();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!address || subscribe.isPending) return;
    subscribe.mutate(address, {
      onSuccess: (reply) =>
        notifySuccess(reply?.message || 'Hotel deals are on their way to your inbox'),
      onError: (error) => notifyError(errorMessage(error), 'Could not send the offers'),
      onSettled: () => setEmail(''),
    });
  };

  return (
    <form onSubmit={submit} aria-labelledby="offers-heading">
      <Text id="offers-heading" fw={700} component="h2" size="md" mb={4}>
        Hotel deals in your inbox
      </Text>
      <Text size="sm" mb="xs" className="footer-muted">
        Subscribe to receive our current offers by e-mail.
      </Text>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <TextInput
          type="email"
          name="email"
          required
          placeholder="Your Email"
          aria-label="Your Email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          style={{ flex: 1, minWidth: 0 }}
        />
        <Button
          type="submit"
          loading={subscribe.isPending}
          aria-label="Send me hotel deals"
          leftSection={<IconSend size={16} aria-hidden="true" />}
        >
          Send
        </Button>
      </Group>
    </form>
  );
}
