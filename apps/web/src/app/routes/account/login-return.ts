/** The login screen, told where to come back to when the route asks for it. */
export function loginPath(
  handle: { returnAfterLogin?: boolean } | undefined,
  here: string,
): string {
  return handle?.returnAfterLogin ? `/login?next=${encodeURIComponent(here)}` : '/login';
}

/** A `next` address that stays on this site (a path, never `//host` or a full URL). */
export function safeNext(next: string | null): string | null {
  return next?.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : null;
}
