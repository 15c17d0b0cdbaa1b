import { USERS_PER_PAGE } from '@devstay/shared/constants';
import type { UserSummary } from '@devstay/shared/contracts/users';
import { profileOf } from '@devstay/shared/paths';
import { Button, Container, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { BackButton } from '../../../components/back-button.tsx';
import { PageControls } from '../../../components/page-controls.tsx';
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

/** What the table lists, above it: the server decides whose accounts a role sees. */
function listedText(rol: string, total: number, hotel: string | undefined, q: string): string {
  const count = total.toLocaleString('en-US');
  const found = q ? ` matching “${q}”` : '';
  if (rol === 'superAdmin') {
    return `${count} ${total === 1 ? 'account' : 'accounts'}${found}, sorted by e-mail.`;
  }
  const where = hotel ? ` at ${hotel}` : '';
  return `${count} ${total === 1 ? 'guest' : 'guests'} who booked${where}${found}, sorted by e-mail.`;
}

/**
 * /userTable: accounts sorted by e-mail (product §2.12), a page at a time, searched by e-mail or
 * name. The superAdmin sees every account and may delete users (product §6) — not superAdmins,
 * not themselves; an admin sees only the accounts that booked at their hotel (the privacy
 * policy), which the server decides.
 */
export function UserTablePage() {
  const { me } = useSignedIn();
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const [typed, setTyped] = useState('');
  const users = useUserList(page, q);
  const pages = Math.ceil((users.data?.total ?? 0) / USERS_PER_PAGE);
  const search = (event: FormEvent) => {
    event.preventDefault();
    setQ(typed.trim());
    setPage(1);
  };
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
        <form onSubmit={search} aria-label="Search the accounts">
          <Group align="flex-end" gap="xs">
            <TextInput
              label="Search by e-mail or name"
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              maxLength={100}
              style={{ flex: '1 1 16rem' }}
            />
            <Button type="submit" variant="light">
              Search
            </Button>
          </Group>
        </form>
        {users.data ? (
          <Text c="dimmed" data-testid="user-table-count">
            {listedText(me.rol, users.data.total, me.hotel?.name, q)}
          </Text>
        ) : null}
        <TableState
          query={users}
          loadingText="Loading users..."
          errorTitle="Could not load the users"
          empty={users.data?.items.length === 0}
          emptyText={q ? 'No account matches the search.' : 'No accounts yet.'}
        >
          <AccountsTable caption="Users" columns={columns} rows={users.data?.items ?? []} />
        </TableState>
        <PageControls pages={pages} page={page} onPage={setPage} />
      </Stack>
      {removal.dialog}
    </Container>
  );
}
