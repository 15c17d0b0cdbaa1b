import type { Role } from '@devstay/shared/constants';
import type { UserProfile } from '@devstay/shared/contracts/users';
import { paths } from '@devstay/shared/paths';
import { Button, Center, Container, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Navigate, Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { ErrorScreen } from '../../../components/error-screen.tsx';
import { SESSION_QUERY_KEY, useSession } from '../../../features/auth/api/session.ts';
import { errorMessage } from '../../../lib/api.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { loginPath } from './login-return.ts';
import type { SessionOutlet } from './use-signed-in.ts';

export const UNAUTHORIZED_LABEL = 'Unauthorized entry, Back';
export const LOADING_HEADING = 'Loading';

/** What a protected route declares in its `handle`: the roles that may see it. */
export interface SessionHandle {
  roles?: readonly Role[];
  /** After logging in, come back to this screen (e.g. the payment) instead of /home. */
  returnAfterLogin?: boolean;
}

function routeHandle(matches: ReturnType<typeof useMatches>): SessionHandle | undefined {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle as SessionHandle | undefined;
    if (handle?.roles || handle?.returnAfterLogin) return handle;
  }
  return undefined;
}

function Loading() {
  useDocumentTitle(LOADING_HEADING);
  return (
    <Center py="xl" mih={240} role="status" aria-live="polite">
      <Title order={1}>{LOADING_HEADING}</Title>
    </Center>
  );
}

/** 'Unauthorized entry, Back' in place of a screen the account's role may not see (product §6). */
export function Unauthorized() {
  const navigate = useNavigate();
  useDocumentTitle('Unauthorized entry');
  // Back where the person came from, even from another page load; the home page otherwise.
  const back = () => {
    const state = window.history.state as { idx?: number } | null;
    if (state && typeof state.idx === 'number' && state.idx > 0) navigate(-1);
    else if (window.history.length > 1) window.history.back();
    else navigate(paths.landing);
  };
  return (
    <Container size="sm" py="xl">
      <Stack align="center" py="xl">
        <Button
          size="lg"
          color="red"
          leftSection={<IconArrowLeft size={20} aria-hidden="true" />}
          onClick={back}
        >
          {UNAUTHORIZED_LABEL}
        </Button>
      </Stack>
    </Container>
  );
}

/**
 * The frame of every screen that needs a login (product §2.1): 'Loading' while the session is
 * resolved, /login for visitors, 'Unauthorized entry, Back' for a role the route's `handle`
 * does not list, otherwise the screen with the account in its outlet context.
 */
export function RequireSession() {
  const session = useSession();
  const matches = useMatches();
  const queryClient = useQueryClient();
  const location = useLocation();
  const handle = routeHandle(matches);
  const roles = handle?.roles;
  const setMe = useCallback(
    (profile: UserProfile) => queryClient.setQueryData(SESSION_QUERY_KEY, profile),
    [queryClient],
  );

  if (session.isLoading) return <Loading />;
  if (session.user === undefined) {
    return (
      <Container size="lg" py="lg">
        <ErrorScreen
          title="Could not check your session"
          message={errorMessage(session.error)}
          onRetry={session.refetch}
        />
      </Container>
    );
  }
  if (session.user === null) {
    return <Navigate to={loginPath(handle, location.pathname + location.search)} replace />;
  }
  if (roles && !roles.includes(session.user.rol)) return <Unauthorized />;
  const context: SessionOutlet = { me: session.user, setMe };
  return <Outlet context={context} />;
}
