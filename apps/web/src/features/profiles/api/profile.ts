import type { UserProfile, UserUpdateBody } from '@devstay/shared/contracts/users';
import { useMutation } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api.ts';

/** PUT /users/{id}: one's own profile fields; answers with the whole profile. */
export function useUpdateOwnProfile(id: string) {
  return useMutation({
    mutationFn: (body: UserUpdateBody) =>
      apiJson<UserProfile>(`/users/${encodeURIComponent(id)}`, { method: 'PUT', body }),
  });
}

/**
 * Where the verification link leads once the address is confirmed (the register form asks for
 * the same): back to this profile, which then says so.
 */
export const VERIFIED_CALLBACK = '/profileusers?verified=1';

/** Sends the verification e-mail again (POST /api/auth/send-verification-email). */
export function useResendVerification() {
  return useMutation({
    mutationFn: (email: string) =>
      apiJson('/auth/send-verification-email', { body: { email, callbackURL: VERIFIED_CALLBACK } }),
  });
}
