import { useOutletContext } from 'react-router';
// Type only: the contract of the login-required frame the router puts around these screens.
import type { SessionOutlet } from '../../auth/routes/require-session.tsx';

/** The signed-in account (and its setter) of a login-required screen. */
export function useSignedIn(): SessionOutlet {
  return useOutletContext<SessionOutlet>();
}
