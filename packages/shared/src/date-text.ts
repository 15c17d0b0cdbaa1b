// The one way the site writes a date: weekday, day, month and year in the reader's language
// ('Tue, Dec 15, 2026' in American English, 'Tue, 15 Dec 2026' in British, 'mar, 15 dic 2026' in
// Spanish), read in UTC: stay dates are calendar dates and an instant is shown by its UTC day,
// so no time zone shifts a date by one.
//
// The web app writes them in the browser's language (apps/web/src/lib/date-text.ts), the
// e-mails in RENDER_LOCALE.

/**
 * The language of dates where the reader's is not known: the server's render of a page (and
 * the browser's first render over it), and the e-mails.
 */
export const RENDER_LOCALE = 'en-US';

const OPTIONS: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
};

function formatIn(locale: string): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat(locale, OPTIONS);
  } catch {
    // A language tag Intl does not take: the render's language.
    return new Intl.DateTimeFormat(RENDER_LOCALE, OPTIONS);
  }
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `date` as the site writes dates, in `locale`: a calendar date (`yyyy-MM-dd`) as that day, an
 * instant (a Date, or an ISO date-time) by its UTC day. Text that is not a date is given back.
 */
export function dateText(
  date: string | Date,
  locale: string = RENDER_LOCALE,
  /** The format of `locale` already made (dateTextIn); made here when not given. */
  format?: Intl.DateTimeFormat,
): string {
  const instant =
    typeof date === 'string' ? new Date(ISO_DATE.test(date) ? `${date}T00:00:00Z` : date) : date;
  if (Number.isNaN(instant.getTime())) return typeof date === 'string' ? date : '';
  return (format ?? formatIn(locale)).format(instant);
}

/**
 * dateText in one language, its format made once: for the server's e-mails, which write many
 * dates and, made anew for each, the format costs a hundred times what writing a date does.
 * (The web app makes it where it is asked for: its first load keeps no format.)
 */
export function dateTextIn(locale: string): (date: string | Date) => string {
  const format = formatIn(locale);
  return (date) => dateText(date, locale, format);
}
