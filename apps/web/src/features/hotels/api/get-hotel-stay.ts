import type { HotelStay } from '@devstay/shared/contracts/booking';
import type { StayDates } from '@devstay/shared/paths';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api.ts';

/**
 * The hotel's rooms for a stay, as the server prices and checks them now (the ledger moves, so
 * asked again whenever the page is opened); read in the browser only.
 */
export function useHotelStay(hotelId: number, stay: StayDates) {
  const search = new URLSearchParams({ checkIn: stay.checkIn, checkOut: stay.checkOut });
  if (stay.rooms !== undefined) search.set('rooms', String(stay.rooms));
  if (stay.guests !== undefined) search.set('guests', String(stay.guests));
  return useQuery({
    queryKey: ['hotels', 'stay', hotelId, search.toString()],
    queryFn: ({ signal }) => apiJson<HotelStay>(`/hotels/${hotelId}/stay?${search}`, { signal }),
    enabled: !import.meta.env.SSR,
    staleTime: 0,
    meta: { errorTitle: 'Could not check the rooms for your stay' },
  });
}
