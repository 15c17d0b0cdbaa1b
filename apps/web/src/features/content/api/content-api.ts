import type { City, RoomService } from '@devstay/shared/contracts/catalogue';
import type {
  EditableEvent,
  EditableHotel,
  EditableHotelService,
  EditableRoom,
  EditableRoomService,
  HotelPickerItem,
} from '@devstay/shared/contracts/content';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api.ts';

/** Every read of the content forms lives under this key (the pickers and loaded records). */
const CONTENT_KEY = ['content'] as const;

/** How many hotels one search of the superAdmin's hotel picker lists. */
const HOTEL_SEARCH_LIMIT = 20;

/**
 * GET /content/hotels?q=: hotels whose name, state, department or city match, searched by the
 * server (the catalogue may hold 100,000 hotels, too many to load into a picker).
 */
export function useHotelSearch(q: string, enabled = true) {
  const text = q.trim();
  return useQuery({
    queryKey: [...CONTENT_KEY, 'hotels', text],
    queryFn: ({ signal }) =>
      apiJson<HotelPickerItem[]>('/content/hotels', {
        signal,
        query: { q: text || undefined, limit: HOTEL_SEARCH_LIMIT },
      }),
    enabled,
    placeholderData: keepPreviousData,
    meta: { errorTitle: 'Could not load the hotels' },
  });
}

/** GET /content/hotels/{id}: the hotel the modify form edits, with its version. */
export function useEditableHotel(id: number | null) {
  return useQuery({
    queryKey: [...CONTENT_KEY, 'hotel', id],
    queryFn: ({ signal }) => apiJson<EditableHotel>(`/content/hotels/${id}`, { signal }),
    enabled: id !== null,
    staleTime: 0,
    meta: { errorTitle: 'Could not load the hotel' },
  });
}

/** A hotel's records of one kind, for a modify form's picker (each with its version). */
function useHotelRecords<T>(kind: 'rooms' | 'events' | 'serviceHotels', idHotel: number | null) {
  return useQuery({
    queryKey: [...CONTENT_KEY, kind, idHotel],
    queryFn: ({ signal }) => apiJson<T[]>(`/content/${kind}`, { signal, query: { idHotel } }),
    enabled: idHotel !== null,
    staleTime: 0,
    meta: { errorTitle: 'Could not load the list' },
  });
}

export const useEditableRooms = (idHotel: number | null) =>
  useHotelRecords<EditableRoom>('rooms', idHotel);
export const useEditableEvents = (idHotel: number | null) =>
  useHotelRecords<EditableEvent>('events', idHotel);
export const useEditableHotelServices = (idHotel: number | null) =>
  useHotelRecords<EditableHotelService>('serviceHotels', idHotel);

/** GET /content/serviceRooms: the room services to modify, with their versions. */
export function useEditableRoomServices() {
  return useQuery({
    queryKey: [...CONTENT_KEY, 'serviceRooms'],
    queryFn: ({ signal }) => apiJson<EditableRoomService[]>('/content/serviceRooms', { signal }),
    staleTime: 0,
    meta: { errorTitle: 'Could not load the room services' },
  });
}

/** GET /serviceRooms: the names a room's services are picked from. */
export function useRoomServiceNames() {
  return useQuery({
    queryKey: [...CONTENT_KEY, 'serviceRoomNames'],
    queryFn: ({ signal }) => apiJson<RoomService[]>('/serviceRooms', { signal }),
    select: (services) => services.map((s) => s.name),
    meta: { errorTitle: 'Could not load the room services' },
  });
}

// Location reads: their failure is shown by the pickers as 'Error' (product §8), not as a toast.

/** GET /locations: the states. */
export function useStates() {
  return useQuery({
    queryKey: ['locations', 'states'],
    queryFn: ({ signal }) => apiJson<string[]>('/locations', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** GET /locations?name={state}: its departments. */
export function useDepartments(state: string) {
  return useQuery({
    queryKey: ['locations', 'departments', state],
    queryFn: ({ signal }) => apiJson<string[]>('/locations', { signal, query: { name: state } }),
    enabled: state.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** GET /locations/city?name={department}&state={state}: its cities. */
export function useCities(state: string, department: string) {
  return useQuery({
    queryKey: ['locations', 'cities', state, department],
    queryFn: ({ signal }) =>
      apiJson<City[]>('/locations/city', { signal, query: { name: department, state } }),
    enabled: state.length > 0 && department.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

// ── Writes ────────────────────────────────────────────────────────────────────────────────

/** The five kinds of content and their API paths (product §7.1). */
export type ContentKind = 'hotels' | 'rooms' | 'events' | 'serviceHotels' | 'serviceRooms';

/** POST (create) or PUT (modify) a form's parsed value; resolves to the stored record. */
export function saveContent(kind: ContentKind, method: 'POST' | 'PUT', body: unknown) {
  return apiJson<unknown>(`/${kind}`, { method, body });
}

/**
 * After a save, every screen showing content reads it again (hotel list and page, rooms, events,
 * the pickers); the session and the locations are untouched.
 */
export function refreshContent(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => !['session', 'auth', 'locations'].includes(String(query.queryKey[0])),
  });
}
