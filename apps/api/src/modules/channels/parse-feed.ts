import { FEED_ERRORS } from '@devstay/shared/contracts/channels';
import { addDays, calendarDateIn } from '@devstay/shared/stay';
import ICAL from 'ical.js';

/**
 * An imported calendar read with ical.js: every event, and every occurrence of a recurring one,
 * that holds nights in [today, horizon), as the nights it holds. Cancelled events hold none.
 */

/** One event (or occurrence) as nights [firstNight, endNight) and the key that names it. */
export interface FeedEvent {
  /** The UID, and for an occurrence of a recurring event its original start: the block's key. */
  key: string;
  summary: string;
  firstNight: string;
  endNight: string;
}

/** A feed the parser refused, with its reason in FEED_ERRORS' words. */
export class FeedRefused extends Error {}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The calendar date a value stands for: an all-day value's own date; a time in UTC the date it
 * is in the hotel's zone; a local time (a TZID, as channels write the hotel's own zone, or
 * floating) the date as written.
 */
function dateOf(time: ICAL.Time, timeZone: string): string {
  if (!time.isDate && time.zone === ICAL.Timezone.utcTimezone) {
    return calendarDateIn(timeZone, time.toJSDate());
  }
  return `${time.year}-${pad(time.month)}-${pad(time.day)}`;
}

/**
 * The nights [first, end) an event from `start` to `end` holds: the dates it spans, the end's
 * date excluded (a stay's check-out; DTEND is exclusive in RFC 5545), at least one night.
 */
function nightsOf(
  start: ICAL.Time,
  end: ICAL.Time | null,
  timeZone: string,
): { firstNight: string; endNight: string } {
  const firstNight = dateOf(start, timeZone);
  const last = end ? dateOf(end, timeZone) : firstNight;
  return { firstNight, endNight: last > firstNight ? last : addDays(firstNight, 1) };
}

interface ParseOptions {
  timeZone: string;
  /** The hotel's today: events over by then hold nothing. */
  today: string;
  /** The first date past what is read (recurrences are expanded up to it). */
  horizon: string;
  /** The most events and occurrences a feed may hold in the window. */
  maxEvents: number;
}

/** Reads `text` as an iCalendar file: its events in the window, or FeedRefused. */
export function parseFeed(text: string, options: ParseOptions): FeedEvent[] {
  let calendar: ICAL.Component;
  try {
    const parsed = ICAL.parse(text);
    // A file of several calendars is an array of them: channels publish one.
    calendar = new ICAL.Component(Array.isArray(parsed[0]) ? parsed[0] : parsed);
  } catch {
    throw new FeedRefused(FEED_ERRORS.notCalendar);
  }
  if (calendar.name !== 'vcalendar') throw new FeedRefused(FEED_ERRORS.notCalendar);

  const components = calendar.getAllSubcomponents('vevent');
  // Exceptions (RECURRENCE-ID) belong to the recurring event of their UID.
  const exceptions = new Map<string, ICAL.Component[]>();
  const masters: ICAL.Component[] = [];
  for (const component of components) {
    if (component.hasProperty('recurrence-id')) {
      const uid = String(component.getFirstPropertyValue('uid') ?? '');
      exceptions.set(uid, [...(exceptions.get(uid) ?? []), component]);
    } else masters.push(component);
  }

  const events: FeedEvent[] = [];
  const keep = (event: FeedEvent) => {
    if (event.endNight <= options.today || event.firstNight >= options.horizon) return;
    events.push(event);
    if (events.length > options.maxEvents) throw new FeedRefused(FEED_ERRORS.tooManyEvents);
  };
  const horizon = ICAL.Time.fromDateString(options.horizon);
  let steps = 0;

  for (const component of masters) {
    const status = String(component.getFirstPropertyValue('status') ?? '').toUpperCase();
    if (status === 'CANCELLED') continue;
    let event: ICAL.Event;
    try {
      event = new ICAL.Event(component, {
        exceptions: exceptions.get(String(component.getFirstPropertyValue('uid') ?? '')) ?? [],
      });
      if (!event.startDate) continue;
    } catch {
      throw new FeedRefused(FEED_ERRORS.notCalendar);
    }
    const summary = (event.summary || 'Blocked').slice(0, 200);
    const uid = event.uid || `no-uid:${event.startDate.toString()}:${summary}`;
    if (!event.isRecurring()) {
      keep({ key: uid, summary, ...nightsOf(event.startDate, event.endDate, options.timeZone) });
      continue;
    }
    const occurrences = event.iterator();
    for (let next = occurrences.next(); next; next = occurrences.next()) {
      // A rule can name more occurrences than any calendar holds (FREQ=SECONDLY): bounded.
      steps += 1;
      if (steps > options.maxEvents * 20) throw new FeedRefused(FEED_ERRORS.tooManyEvents);
      if (next.compare(horizon) >= 0) break;
      const details = event.getOccurrenceDetails(next);
      const itemStatus = String(
        details.item.component.getFirstPropertyValue('status') ?? '',
      ).toUpperCase();
      if (itemStatus === 'CANCELLED') continue;
      keep({
        key: `${uid}#${dateOf(details.recurrenceId, options.timeZone)}`,
        summary: (details.item.summary || summary).slice(0, 200),
        ...nightsOf(details.startDate, details.endDate, options.timeZone),
      });
    }
  }
  return events;
}
