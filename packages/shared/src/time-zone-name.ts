/**
 * Names people read for what the server stores as codes: a time zone by its city
 * (`America/Argentina/Buenos_Aires` → 'Buenos Aires'), a calendar date as 'Sat, Dec 12'. Written
 * out rather than through Intl, so the API's texts, the server's render and the browser agree
 * whatever locale and ICU data each has.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/**
 * The place an IANA zone is named after: its last part, underscores as spaces
 * (`America/Argentina/Buenos_Aires` → 'Buenos Aires', `UTC` → 'UTC'). `Etc/GMT+3` zones have no
 * place and keep their name.
 */
export function timeZoneName(timeZone: string): string {
  if (timeZone.startsWith('Etc/')) return timeZone.slice(4);
  return (timeZone.split('/').at(-1) ?? timeZone).replaceAll('_', ' ');
}

/** A calendar date (yyyy-MM-dd) as 'Sat, Dec 12'; anything else as it is. */
export function weekdayDate(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return date;
  return `${WEEKDAYS[day.getUTCDay()]}, ${MONTHS[day.getUTCMonth()]} ${day.getUTCDate()}`;
}
