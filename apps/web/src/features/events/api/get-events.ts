import { EVENTS_PER_PAGE } from '@devstay/shared/constants';
import type { Event } from '@devstay/shared/contracts/catalogue';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiPage, apiUrl, type Page } from '../../../lib/api.ts';

/** An inclusive date window; both ends or neither. */
export interface EventRange {
  from?: string;
  to?: string;
}

/** The calendar file of an event: its date and time in its hotel's zone, two hours. */
export const eventCalendarUrl = (id: number) => apiUrl(`/calendar/event/${id}.ics`);

function fetchEvents(range: EventRange, page: number, signal?: AbortSignal): Promise<Page<Event>> {
  return apiPage<Event>('/events', {
    signal,
    query: { from: range.from, to: range.to, page, pageSize: EVENTS_PER_PAGE },
  });
}

/** One page of the events in a date window, with the number of them. */
export function useEvents(range: EventRange, page: number) {
  return useQuery({
    queryKey: ['events', 'list', range, page],
    queryFn: ({ signal }) => fetchEvents(range, page, signal),
    // The page shown stays until the next one arrives: the list does not jump to a skeleton.
    placeholderData: keepPreviousData,
    meta: { errorTitle: 'Could not load events' },
  });
}
