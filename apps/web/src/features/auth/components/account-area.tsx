import { paths } from '@devstay/shared/paths';
import { Button } from '@mantine/core';
import { IconLogin2 } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useSession } from '../api/session.ts';

// The menu's code and styles arrive only for signed-in visitors.
const AccountMenu = lazy(() =>
  import('./account-menu.tsx').then((m) => ({ default: m.AccountMenu })),
);

const AVATAR_SIZE = 40;

interface AccountAreaProps {
  /** `bar`: the navigation bar itself; `menu`: the small-screen menu below it. */
  placement: 'bar' | 'menu';
  /** Forgets what this browser kept for the account, once it has logged out. */
  onLoggedOut?: () => void;
}

/**
 * The account corner of the navigation bar (product §2.2): 'Log in' for visitors; for a signed-in
 * account its photo opening a menu (See profile, Log out). While the session is being checked
 * the Log in button keeps its place, invisible, so nothing moves when the answer arrives.
 */
export function AccountArea({ placement, onLoggedOut }: AccountAreaProps) {
  const { user, isLoading } = useSession();

  if (user) {
    if (placement === 'menu') return null;
    return (
      <Suspense fallback={<span style={{ width: AVATAR_SIZE, height: AVATAR_SIZE }} />}>
        <AccountMenu user={user} onLoggedOut={onLoggedOut} />
      </Suspense>
    );
  }
  return (
    <Button
      component={Link}
      to={paths.login}
      leftSection={<IconLogin2 size={18} aria-hidden="true" />}
      {...(placement === 'bar' ? { visibleFrom: 'sm' } : { mt: 'sm', fullWidth: true })}
      style={isLoading ? { visibility: 'hidden' } : undefined}
    >
      Log in
    </Button>
  );
}
