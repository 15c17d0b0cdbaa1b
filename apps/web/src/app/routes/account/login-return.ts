import { loginReturningTo, paths } from '@devstay/shared/paths';
import { sameSitePath } from '@devstay/shared/return-path';

/** The login screen, told where to come back to when the route asks for it. */
export function loginPath(
  handle: { returnAfterLogin?: boolean } | undefined,
  here: string,
): string {
  return handle?.returnAfterLogin ? loginReturningTo(here) : paths.login;
}

/**
 * Where a sign-in sends the person: the path on this site `next` leads to (shared
 * return-path.ts), else the hotel list — also for the login page itself, where signing in
 * would lead back to it.
 */
export function safeNext(next: string | null): string {
  const path = sameSitePath(next);
  return path === null || path.split(/[?#]/, 1)[0] === paths.login ? paths.hotels : path;
}
