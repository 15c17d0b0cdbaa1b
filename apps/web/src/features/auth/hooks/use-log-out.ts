import { paths } from '@devstay/shared/paths';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api.ts';
import { notifyError } from '../../../lib/notify.ts';
import { signOut } from '../api/auth-client.ts';
import { SESSION_QUERY_KEY } from '../api/session.ts';

/**
 * Log out (product §2.2): ends the session on the server, then forgets everything this browser
 * kept for the account (cached answers, and through `onLoggedOut` what other parts keep, such as
 * the cart) and goes to /.
 */
export function useLogOut(onLoggedOut?: () => void) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  const logOut = async () => {
    setPending(true);
    try {
      await signOut();
    } catch (error) {
      setPending(false);
      notifyError(errorMessage(error), 'Could not log out', 'logout');
      return;
    }
    await navigate(paths.landing);
    queryClient.clear();
    queryClient.setQueryData(SESSION_QUERY_KEY, null);
    onLoggedOut?.();
    setPending(false);
  };

  return { logOut, pending };
}
