import type { RoomService } from '@devstay/shared/contracts/catalogue';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api.ts';

/** Options of the services filter: every room service, by name (GET /serviceRooms). */
export function fetchRoomServices(signal?: AbortSignal): Promise<RoomService[]> {
  return apiJson<RoomService[]>('/serviceRooms', { signal });
}

export const ROOM_SERVICES_KEY = ['hotels', 'roomServices'] as const;

export function useRoomServices() {
  return useQuery({
    queryKey: ROOM_SERVICES_KEY,
    queryFn: ({ signal }) => fetchRoomServices(signal),
    staleTime: 5 * 60_000,
    meta: { errorTitle: 'Could not load the room services' },
  });
}
