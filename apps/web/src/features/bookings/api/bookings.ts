import type { BookingSort } from '@devstay/shared/booking-table';
import type {
  BookingRecord,
  CancelledBooking,
  TravellerStay,
} from '@devstay/shared/contracts/booking';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, apiPage, apiUrl } from '../../../lib/api.ts';

const BOOKINGS_KEY = ['bookings'] as const;

/** GET /booking/user/{uid}: the guest's confirmed and cancelled bookings, newest first. */
export function useBookingHistory(userId: string, page: number) {
  return useQuery({
    queryKey: [...BOOKINGS_KEY, 'user', userId, page],
    queryFn: ({ signal }) =>
      apiPage<BookingRecord>(`/booking/user/${encodeURIComponent(userId)}`, {
        signal,
        query: { page },
      }),
    placeholderData: keepPreviousData,
    meta: { errorTitle: 'Could not load your reservations' },
  });
}

export interface BookingTableQuery {
  hotel?: number;
  status?: 'confirmed' | 'cancelled';
  /** Check-ins from this date (yyyy-MM-dd). */
  from?: string;
  /** Check-ins up to this date, included. */
  to?: string;
  sort?: BookingSort;
  page: number;
}

/**
 * GET /booking: one page of the bookings table (its rows, booked rooms, grouped by booking),
 * filtered, sorted and counted by the server.
 */
export function useBookingTable(query: BookingTableQuery) {
  return useQuery({
    queryKey: [...BOOKINGS_KEY, 'table', query],
    queryFn: ({ signal }) => apiPage<BookingRecord>('/booking', { signal, query: { ...query } }),
    placeholderData: keepPreviousData,
    meta: { errorTitle: 'Could not load the reservations' },
  });
}

/**
 * GET /trips/user/{uid}: the stays others booked for this account (a team trip's traveller),
 * without prices or payment.
 */
export function useTravellerStays(userId: string) {
  return useQuery({
    queryKey: [...BOOKINGS_KEY, 'traveller', userId],
    queryFn: ({ signal }) =>
      apiJson<TravellerStay[]>(`/trips/user/${encodeURIComponent(userId)}`, { signal }),
    meta: { errorTitle: 'Could not load the stays booked for you' },
  });
}

/** The calendar file of a confirmed booking (one all-day entry per booked room). */
export const bookingCalendarUrl = (id: string) =>
  apiUrl(`/calendar/booking/${encodeURIComponent(id)}.ics`);

/**
 * PUT /booking/status: staff, or the guest within the free-cancellation window, cancel a
 * confirmed booking (its rooms freed, its payment refunded).
 */
export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    // `line`: one traveller's stay alone (a team trip), the rest of the booking standing.
    mutationFn: (booking: Pick<BookingRecord, 'id' | 'user'> & { line?: number }) =>
      apiJson<CancelledBooking>('/booking/status', {
        method: 'PUT',
        body: {
          id: booking.id,
          user: booking.user,
          status: 'cancelled',
          ...(booking.line === undefined ? {} : { line: booking.line }),
        },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: BOOKINGS_KEY }),
  });
}
