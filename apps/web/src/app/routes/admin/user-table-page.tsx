import type { UserSummary } from '@devstay/shared/contracts/users';
import { profileOf } from '@devstay/shared/paths';
import { Container, Group, Stack, Text } from '@mantine/core';
import { BackButton } from '../../../components/back-button.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useUserList } from '../../../features/admin/api/users.ts';
import { AccountsTable, type Column } from '../../../features/admin/components/accounts-table.tsx';
import { DeleteAccountButton } from '../../../features/admin/components/delete-account-button.tsx';
import { RoleBadge } from '../../../features/admin/components/role-badge.tsx';
import { TableState } from '../../../features/admin/components/table-state.tsx';
import { useDeleteAccountFlow } from '../../../features/admin/hooks/use-delete-account.tsx';
import { accountName } from '../../../features/admin/utils/account-name.ts';
import { useSignedIn } from '../account/use-signed-in.ts';

export const DELETE_USER_QUESTION = 'Are you sure you want to Delete the user?';
export const USER_DELETED = 'User deleted';

/**
 * /userTable: every account sorted by e-mail (product §2.12). Admins read it; the superAdmin may
 * also delete users (product §6) — not superAdmins, not themselves.
 */
export function UserTablePage() {
  const { me } = useSignedIn();
  const users = useUserList();
  const canDelete = me.rol === 'superAdmin';
  const removal = useDeleteAccountFlow({ question: DELETE_USER_QUESTION, done: USER_DELETED });

  const columns: Column<UserSummary>[] = [
    { header: 'User', cell: (u) => accountName(u) },
    { header: 'Email', cell: (u) => u.email },
    { header: 'Role', cell: (u) => <RoleBadge rol={u.rol} /> },
  ];
  if (canDelete) {
    columns.push({
      header: 'Delete',
      action: true,
      cell: (u) =>
        u.rol === 'superAdmin' || u.id === me.id ? null : (
          <DeleteAccountButton account={u} removal={removal} />
        ),
    });
  }

  return (
    <Container size="lg" py="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <PageTitle>User Table</PageTitle>
          <BackButton fallback={profileOf(me.rol)} />
        </Group>
        {users.data ? (
          <Text c="dimmed">{`${users.data.length} accounts, sorted by e-mail.`}</Text>
        ) : null}
        <TableState
          query={users}
          loadingText="Loading users..."
          errorTitle="Could not load the users"
          empty={users.data?.length === 0}
          emptyText="No accounts yet."
        >
          <AccountsTable caption="Users" columns={columns} rows={users.data ?? []} />
        </TableState>
      </Stack>
      {removal.dialog}
    </Container>
  );
}
