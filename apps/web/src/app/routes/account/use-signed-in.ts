import type { UserProfile } from '@devstay/shared/contracts/users';
import { useOutletContext } from 'react-router';

/** What the protected screens receive (`useOutletContext`): the account and a way to update it. */
export interface SessionOutlet {
  me: UserProfile;
  setMe: (profile: UserProfile) => void;
}

/** The signed-in account (and its setter) of a login-required screen. */
export function useSignedIn(): SessionOutlet {
  return useOutletContext<SessionOutlet>();
}
