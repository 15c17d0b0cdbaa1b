import type { UserSummary } from '@devstay/shared/contracts/users';
import { ActionIcon } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { DeleteAccountFlow } from '../hooks/use-delete-account.tsx';

/** The delete action of an accounts table row: asks the flow to confirm, spins while it runs. */
export function DeleteAccountButton({
  account,
  removal,
}: {
  account: UserSummary;
  removal: DeleteAccountFlow;
}) {
  return (
    <ActionIcon
      color="red"
      variant="subtle"
      size="lg"
      aria-label={`Delete ${account.email}`}
      loading={removal.pendingId === account.id}
      onClick={() => removal.ask(account)}
    >
      <IconTrash size={20} aria-hidden="true" />
    </ActionIcon>
  );
}
