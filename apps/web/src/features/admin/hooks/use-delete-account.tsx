import type { UserSummary } from '@devstay/shared/contracts/users';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useDeleteAccount } from '../api/users.ts';
import { ConfirmDelete } from '../components/confirm-delete.tsx';
import { accountName } from '../utils/account-name.ts';

interface DeleteTexts {
  /** The confirmation question, e.g. 'Are you sure you want to Delete the admin?'. */
  question: string;
  /** The success toast. */
  done: string;
}

export type DeleteAccountFlow = ReturnType<typeof useDeleteAccountFlow>;

/** Delete with a confirmation first: `ask(account)` opens it; render `dialog` once. */
export function useDeleteAccountFlow({ question, done }: DeleteTexts) {
  const [target, setTarget] = useState<UserSummary | null>(null);
  const remove = useDeleteAccount();

  const confirm = () => {
    if (!target) return;
    remove.mutate(target.id, {
      onSuccess: () => {
        notifySuccess(done, `delete-${target.id}`);
        setTarget(null);
      },
      onError: (error) => {
        notifyError(errorMessage(error), 'Could not delete the account', `delete-${target.id}`);
        setTarget(null);
      },
    });
  };

  const dialog = (
    <ConfirmDelete
      question={question}
      detail={target ? `${accountName(target)} (${target.email})` : undefined}
      opened={target !== null}
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={() => setTarget(null)}
    />
  );
  return { ask: setTarget, dialog, pendingId: remove.isPending ? remove.variables : undefined };
}
