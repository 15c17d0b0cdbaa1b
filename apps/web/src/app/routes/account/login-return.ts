import { loginReturningTo, paths } from '@devstay/shared/paths';

/** The login screen, told where to come back to when the route asks for it. */
export function loginPath(
  handle: { returnAfterLogin?: boolean } | undefined,
  here: string,
): string {
  return handle?.returnAfterLogin ? loginReturningTo(here) : paths.login;
}

/** Any origin: only whether a `next` stays on it matters, and what path it names there. */
const SITE = 'http://site.invalid';

/**
 * A `next` address that stays on this site, as the path the browser would open: null for
 * anything else (`//host`, `/\\host`, a full URL, no leading `/`), and for the login page
 * itself (signing in would lead back to it). Tabs and newlines anywhere, and control characters
 * and spaces at either end, are dropped first, as a browser drops them from any address: left
 * in, `/\n/host` passed as a path but became `//host` when navigating, which the browser
 * refused, so a successful sign-in stayed on the login page.
 */
export function safeNext(next: string | null): string | null {
  if (next === null) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters browsers drop from URLs.
  const cleaned = next.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  if (!cleaned.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(cleaned, SITE);
  } catch {
    return null;
  }
  if (url.origin !== SITE || url.pathname === paths.login) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
