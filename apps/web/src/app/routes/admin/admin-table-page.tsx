import type { UserSummary } from '@devstay/shared/contracts/users';
import { paths } from '@devstay/shared/paths';
import { ActionIcon, Button, Container, Group, Stack, Text } from '@mantine/core';
import { IconPencil, IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { BackButton } from '../../../components/back-button.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useAdminList } from '../../../features/admin/api/users.ts';
import { AccountsTable, type Column } from '../../../features/admin/components/accounts-table.tsx';
import { DeleteAccountButton } from '../../../features/admin/components/delete-account-button.tsx';
import { RoleBadge } from '../../../features/admin/components/role-badge.tsx';
import { TableState } from '../../../features/admin/components/table-state.tsx';
import { useDeleteAccountFlow } from '../../../features/admin/hooks/use-delete-account.tsx';
import { accountName } from '../../../features/admin/utils/account-name.ts';

export const DELETE_ADMIN_QUESTION = 'Are you sure you want to Delete the admin?';
export const ADMIN_DELETED = 'Admin deleted';

/** /profileSuperAdmin/adminTable: the admins sorted by hotel; edit or delete each (product §2.12). */
export function AdminTablePage() {
  const admins = useAdminList();
  const removal = useDeleteAccountFlow({ question: DELETE_ADMIN_QUESTION, done: ADMIN_DELETED });

  const columns: Column<UserSummary>[] = [
    { header: 'Admin', cell: (a) => accountName(a) },
    { header: 'Email', cell: (a) => a.email },
    {
      header: 'Hotel',
      cell: (a) =>
        a.hotel ? (
          a.hotel.name
        ) : (
          <Text span c="dimmed">
            No hotel
          </Text>
        ),
    },
    { header: 'Role', cell: (a) => <RoleBadge rol={a.rol} /> },
    {
      header: 'Edit',
      action: true,
      cell: (a) => (
        <ActionIcon
          component={Link}
          to={paths.editAdmin(a.id)}
          variant="subtle"
          size="lg"
          aria-label={`Edit ${a.email}`}
        >
          <IconPencil size={20} aria-hidden="true" />
        </ActionIcon>
      ),
    },
    {
      header: 'Delete',
      action: true,
      cell: (a) => <DeleteAccountButton account={a} removal={removal} />,
    },
  ];

  return (
    <Container size="lg" py="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <PageTitle>Admin Table</PageTitle>
          <Group gap="sm">
            <BackButton fallback={paths.superAdminDashboard} />
            <Button
              component={Link}
              to={paths.registerAdmin}
              leftSection={<IconUserPlus size={18} aria-hidden="true" />}
            >
              Register admin
            </Button>
          </Group>
        </Group>
        {admins.data ? (
          <Text c="dimmed">{`${admins.data.length} admins, sorted by hotel.`}</Text>
        ) : null}
        <TableState
          query={admins}
          loadingText="Loading admins..."
          errorTitle="Could not load the admins"
          empty={admins.data?.length === 0}
          emptyText="No admins yet. Register the first one."
        >
          <AccountsTable caption="Admins" columns={columns} rows={admins.data ?? []} />
        </TableState>
      </Stack>
      {removal.dialog}
    </Container>
  );
}
