import { createHash, randomBytes } from 'node:crypto';
import { PRODUCT_NAME } from '@devstay/shared/constants';
import { addDays } from '@devstay/shared/stay';
import ical, { ICalCalendarMethod } from 'ical-generator';
import { siteUrl } from '../../lib/site-links.ts';

/**
 * A room's export feed: the nights it has no unit left for, as all-day VEVENTs other channels
 * import to close those nights. It names no guest, price or booking: only "Not available".
 */

/** A new export key: 32 random bytes (256 bits), URL-safe. Only its hash is kept. */
export function newExportKey(): string {
  return randomBytes(32).toString('base64url');
}

/** What is kept of a key, and what a presented key is looked up by. */
export function exportKeyHash(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function exportFeedUrl(publicUrl: string, roomId: number, key: string): string {
  return siteUrl(publicUrl, `/api/rooms/${roomId}/availability.ics?key=${key}`);
}

/** Consecutive nights as ranges [first, end): one entry per run, as channels export them. */
function nightRuns(nights: readonly string[]): { first: string; end: string }[] {
  const runs: { first: string; end: string }[] = [];
  for (const night of nights) {
    const last = runs.at(-1);
    if (last && last.end === night) last.end = addDays(night, 1);
    else runs.push({ first: night, end: addDays(night, 1) });
  }
  return runs;
}

/** The digest of a set of nights: the feed's ETag, and how a process knows they changed. */
export function nightsDigest(nights: readonly string[]): string {
  return createHash('sha256').update(nights.join(',')).digest('base64url').slice(0, 27);
}

/**
 * The file: one VEVENT per run of sold-out nights, DTSTART/DTEND as dates (DTEND exclusive, the
 * first night free again), its UID made of the room and the run's first night, DTSTAMP when the
 * nights last changed — so the same nights are the same bytes, whichever process answers.
 */
export function exportCalendar(
  publicUrl: string,
  room: { id: number; name: string },
  nights: readonly string[],
  changedAt: Date,
): string {
  const host = new URL(publicUrl).hostname;
  const cal = ical({
    name: `${PRODUCT_NAME} ${room.name} availability`,
    prodId: { company: PRODUCT_NAME, product: `${PRODUCT_NAME} channels`, language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
  });
  for (const run of nightRuns(nights)) {
    cal.createEvent({
      id: `room-${room.id}-closed-${run.first}@${host}`,
      allDay: true,
      start: run.first,
      end: run.end,
      stamp: changedAt,
      summary: 'Not available',
    });
  }
  return cal.toString();
}
