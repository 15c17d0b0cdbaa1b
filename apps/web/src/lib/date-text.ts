// Dates as the pages show them, in English and in UTC, so the server's render and the browser's
// agree whatever their time zones. Written out rather than through Intl.DateTimeFormat, whose
// first use loads ICU's calendar data while a phone is drawing the page.

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** 'Nov 24, 2026' */
export function shortDate(date: Date): string {
  return `${MONTHS[date.getUTCMonth()]?.slice(0, 3)} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** 'Tue, November 24, 2026' */
export function longDate(date: Date): string {
  const weekday = WEEKDAYS[date.getUTCDay()]?.slice(0, 3);
  return `${weekday}, ${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}
