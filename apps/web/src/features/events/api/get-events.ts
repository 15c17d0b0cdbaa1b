import type { Event } from '@devstay/shared/contracts/catalogue';
import { useQuery } from '@tanstack/react-query';
import { apiJson, apiUrl } from '../../../lib/api.ts';

/** An inclusive date window; both ends or neither. */
export interface EventRange {
  from?: string;
  to?: string;
}

/** The calendar file of an event: its date and time in its hotel's zone, two hours. */
export const eventCalendarUrl = (id: number) => apiUrl(`/calendar/event/${id}.ics`);

function fetchEvents(range: EventRange, signal?: AbortSignal): Promise<Event[]> {
  return apiJson<Event[]>('/events', { signal, query: { from: range.from, to: range.to } });
}

export function useEvents(range: EventRange) {
  return useQuery({
    queryKey: ['events', 'list', range],
    queryFn: ({ signal }) => fetchEvents(range, signal),
    meta: { errorTitle: 'Could not load events' },
  });
}
