import './account-menu.css';
import type { UserProfile } from '@devstay/shared/contracts/users';
import { profileOf } from '@devstay/shared/paths';
import { Avatar, Menu, UnstyledButton } from '@mantine/core';
import { IconLogout, IconUserCircle } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { useLogOut } from '../hooks/use-log-out.ts';

/** The display name, or the e-mail when there is none. */
function accountLabel(user: Pick<UserProfile, 'displayName' | 'email'>): string {
  return user.displayName.trim() || user.email;
}

/** The signed-in account in the navigation bar: photo (or a default one) opening a menu. */
export function AccountMenu({
  user,
  onLoggedOut,
}: {
  user: UserProfile;
  onLoggedOut?: () => void;
}) {
  const { logOut, pending } = useLogOut(onLoggedOut);
  const label = accountLabel(user);
  const nameId = useId();
  return (
    <Menu
      position="bottom-end"
      width={240}
      shadow="md"
      withinPortal
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>
        <UnstyledButton aria-label={`Account menu of ${label}`} data-testid="account-menu">
          <Avatar src={user.photoURL} alt={label} radius="xl" size={40} color="blue" />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {/* A menu may hold only items and groups: the name labels the group of items. */}
        {/* biome-ignore lint/a11y/useSemanticElements: inside a menu, a group of items is an ARIA group, not a form fieldset */}
        <div role="group" aria-labelledby={nameId}>
          <Menu.Label id={nameId} data-testid="account-name">
            {label}
          </Menu.Label>
          <Menu.Item
            component={Link}
            to={profileOf(user.rol)}
            leftSection={<IconUserCircle size={18} aria-hidden="true" />}
          >
            See profile
          </Menu.Item>
          <Menu.Item
            leftSection={<IconLogout size={18} aria-hidden="true" />}
            onClick={logOut}
            disabled={pending}
            closeMenuOnClick
          >
            Log out
          </Menu.Item>
        </div>
      </Menu.Dropdown>
    </Menu>
  );
}
