import type { UserProfile, UserUpdateBody } from '@devstay/shared/contracts/users';
import { EMAIL_VERIFIED_PATH } from '@devstay/shared/paths';
import { useMutation } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api.ts';

/** PUT /users/{id}: one's own profile fields; answers with the whole profile. */
export function useUpdateOwnProfile(id: string) {
  return useMutation({
    mutationFn: (body: UserUpdateBody) =>
      apiJson<UserProfile>(`/users/${encodeURIComponent(id)}`, { method: 'PUT', body }),
  });
}

/** Sends the verification e-mail again (POST /api/auth/send-verification-email). */
export function useResendVerification() {
  return useMutation({
    mutationFn: (email: string) =>
      apiJson('/auth/send-verification-email', {
        body: { email, callbackURL: EMAIL_VERIFIED_PATH },
      }),
  });
}
