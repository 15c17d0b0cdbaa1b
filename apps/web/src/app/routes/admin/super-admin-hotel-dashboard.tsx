import { useSearchParams } from 'react-router';
import { HotelSelect } from '../../../features/admin/components/hotel-select.tsx';
import { HotelDashboard } from '../../../features/dashboard/components/hotel-dashboard.tsx';

/** The hotel whose dashboard shows, kept in the address (`?hotel=`): a link or Back shows it again. */
const HOTEL_PARAM = 'hotel';

function hotelIdOf(value: string | null): number | null {
  const id = Number(value);
  return value && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * Any hotel's occupancy and revenue for the superAdmin, the hotel chosen with the hotel picker.
 * Loaded after the dashboard's cards (its own chunk, with the picker's).
 */
export function SuperAdminHotelDashboard() {
  const [params, setParams] = useSearchParams();
  const hotelId = hotelIdOf(params.get(HOTEL_PARAM));
  return (
    <HotelDashboard
      hotelId={hotelId}
      picker={
        <HotelSelect
          value={hotelId === null ? null : String(hotelId)}
          onChange={(id) =>
            setParams(
              (current) => {
                const next = new URLSearchParams(current);
                if (id) next.set(HOTEL_PARAM, id);
                else next.delete(HOTEL_PARAM);
                return next;
              },
              { preventScrollReset: true },
            )
          }
        />
      }
    />
  );
}
