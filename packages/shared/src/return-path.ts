/**
 * Return addresses: where a login sends a person back (`/login?next=…`, the social sign-in's
 * callbacks). The web's login page and the API's identity service read them with this one rule,
 * so that neither can lead anyone to another site.
 */

/** Any origin: only whether an address stays on it matters, and what path it names there. */
const SITE = 'http://site.invalid';

/** A slash or backslash written as a percent-encoding: some routers decode it to `//host`. */
const ENCODED_SEPARATOR = /%(?:2f|5c)/i;

/**
 * The path on this site that `next` leads to, as a browser would open it (dot segments
 * resolved, backslashes made slashes); null when it leads anywhere else. Tabs and newlines
 * anywhere, and control characters and spaces at either end, are dropped first, as a browser
 * drops them from any address. Refused: a full or protocol-relative address (`https://host`,
 * `//host`, `/\host`), one that becomes protocol-relative once resolved (`/..//host`,
 * `/%2e%2e//host`), and an encoded slash or backslash in the path.
 */
export function sameSitePath(next: string | null | undefined): string | null {
  if (typeof next !== 'string') return null;
  const cleaned = next
    .replace(/[\t\n\r]/g, '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters browsers drop from URLs.
    .replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  if (!cleaned.startsWith('/')) return null;
  const path = resolved(cleaned);
  if (path === null || ENCODED_SEPARATOR.test(path.split(/[?#]/, 1)[0] ?? '')) return null;
  // The path must lead to itself: `/..//host` resolves to `//host`, another site's address.
  return resolved(path) === path ? path : null;
}

/** `address` opened on this site: its path, query and fragment, or null off the site. */
function resolved(address: string): string | null {
  let url: URL;
  try {
    url = new URL(address, SITE);
  } catch {
    return null;
  }
  if (url.origin !== SITE) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
