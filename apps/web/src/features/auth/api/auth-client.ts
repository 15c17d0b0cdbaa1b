import type {
  AuthProviders,
  ForgotPasswordBody,
  ResetPasswordBody,
  SignInBody,
  SignUpBody,
} from '@devstay/shared/contracts/auth';
import { EMAIL_VERIFIED_PATH, loginReturningTo, paths } from '@devstay/shared/paths';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api.ts';

/**
 * The identity calls of /api/auth (Better Auth) the screens make. Errors arrive as ApiError
 * carrying the server's message: for the product's cases (§8) its exact text.
 */

export function signIn(body: SignInBody): Promise<unknown> {
  return apiJson('/auth/sign-in/email', { body });
}

export function signUp(body: SignUpBody): Promise<unknown> {
  return apiJson('/auth/sign-up/email', { body: { ...body, callbackURL: EMAIL_VERIFIED_PATH } });
}

export function signOut(): Promise<unknown> {
  return apiJson('/auth/sign-out', { body: {} });
}

/** Sends the reset e-mail; its link opens /reset-password?token=… */
export function requestPasswordReset(body: ForgotPasswordBody): Promise<unknown> {
  return apiJson('/auth/request-password-reset', {
    body: { email: body.email.trim(), redirectTo: paths.resetPassword },
  });
}

export function resetPassword(body: ResetPasswordBody): Promise<unknown> {
  return apiJson('/auth/reset-password', { body });
}

/**
 * Starts a Google or OpenID Connect sign-in: the server answers with the provider's address and
 * the browser goes there; the provider sends it back to `returnTo` (a path of this site: the
 * screen that asked for the login, /home by default), or to /login with `?error=` (keeping the
 * way back). `loginHint` (the e-mail typed on the form, if any) preselects the account at the
 * provider.
 */
export async function startSocialSignIn(
  provider: string,
  loginHint?: string,
  returnTo: string = paths.hotels,
): Promise<void> {
  const reply = await apiJson<{ url?: string }>('/auth/sign-in/social', {
    body: {
      provider,
      callbackURL: returnTo,
      errorCallbackURL: returnTo === paths.hotels ? paths.login : loginReturningTo(returnTo),
      newUserCallbackURL: returnTo,
      disableRedirect: true,
      ...(loginHint ? { loginHint } : {}),
    },
  });
  if (!reply?.url) throw new Error('The sign-in provider did not answer. Please try again.');
  window.location.assign(reply.url);
}

/** Which sign-in methods this server offers (GET /api/auth-providers). */
export function useAuthProviders() {
  return useQuery({
    queryKey: ['auth', 'providers'],
    queryFn: ({ signal }) => apiJson<AuthProviders>('/auth-providers', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
