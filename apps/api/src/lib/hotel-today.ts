/**
 * "Today at the hotel" in SQL, written once: the calendar date at the instant `at` in the time
 * zone `zone` (both SQL expressions) — what `calendarDateIn(zone, at)` answers in
 * packages/shared/src/stay.ts. A statement judged at the app's clock passes that instant; one
 * that runs on its own (a search, a list) passes the database's `now()`.
 */
export function hotelTodaySql(zone: string, at = 'now()'): string {
  return `((${at})::timestamptz at time zone ${zone})::date`;
}
