import type { RoomDetail } from '@devstay/shared/contracts/catalogue';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api.ts';

function fetchRoom(id: number, signal?: AbortSignal): Promise<RoomDetail> {
  return apiJson<RoomDetail>(`/rooms/${id}`, { signal });
}

export function useRoom(id: number) {
  return useQuery({
    queryKey: ['rooms', 'detail', id],
    queryFn: ({ signal }) => fetchRoom(id, signal),
    enabled: Number.isInteger(id) && id > 0,
    meta: { errorTitle: 'Could not load the room' },
  });
}
