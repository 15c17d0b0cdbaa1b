/**
 * "Today at the hotel" in SQL, written once: the calendar date at the instant `at` in the time
 * zone `zone` (both SQL expressions) — what `calendarDateIn(zone, at)` answers in
 * packages/shared/src/stay.ts. `at` is the app's clock (`app.clock()`) as a timestamptz: the
 * stay search's check-in (hotels/search-planner.ts) and the events' free-room flag
 * (events/repository.ts) are judged at the same instant as the rest of the request.
 */
export function hotelTodaySql(zone: string, at: string): string {
  return `((${at})::timestamptz at time zone ${zone})::date`;
}
