import { dateText, RENDER_LOCALE } from '@devstay/shared/date-text';
import { useSyncExternalStore } from 'react';

// Dates in the browser's language, as `dateText` (@devstay/shared/date-text) writes them.
// The server renders the public pages without knowing the browser's language, so it writes
// them in RENDER_LOCALE, and the browser's first render (the hydration) does the same; right
// after, the page is drawn again in the browser's language.

// The language is read at each render: a change of the browser's language shows at the next one.
const unchanging = () => () => {};

/** The browser's language; RENDER_LOCALE on the server and while hydrating its render. */
export function useDateLocale(): string {
  return useSyncExternalStore(
    unchanging,
    () => navigator.language || RENDER_LOCALE,
    () => RENDER_LOCALE,
  );
}

/** `dateText` in the browser's language (see useDateLocale). */
export function useDateText(): (date: string | Date) => string {
  const locale = useDateLocale();
  return (date) => dateText(date, locale);
}
