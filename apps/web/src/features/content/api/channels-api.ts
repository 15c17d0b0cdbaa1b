import type {
  ChannelConflict,
  ChannelFeed,
  ChannelFeedList,
  RoomBlock,
  SyncOutcome,
} from '@devstay/shared/contracts/channels';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api.ts';

// A room's channels, read under one key: every change reads them all again.
const key = (roomId: number) => ['channels', roomId] as const;
export const channelsKey = key;

export function useRoomFeeds(roomId: number) {
  return useQuery({
    queryKey: [...key(roomId), 'feeds'],
    queryFn: ({ signal }) => apiJson<ChannelFeedList>(`/rooms/${roomId}/feeds`, { signal }),
    staleTime: 0,
    meta: { errorTitle: 'Could not load the calendars' },
  });
}

export function useRoomConflicts(roomId: number) {
  return useQuery({
    queryKey: [...key(roomId), 'conflicts'],
    queryFn: ({ signal }) => apiJson<ChannelConflict[]>(`/rooms/${roomId}/conflicts`, { signal }),
    staleTime: 0,
    meta: { errorTitle: 'Could not load the conflicts' },
  });
}

export function useRoomBlocks(roomId: number) {
  return useQuery({
    queryKey: [...key(roomId), 'blocks'],
    queryFn: ({ signal }) => apiJson<RoomBlock[]>(`/rooms/${roomId}/blocks`, { signal }),
    staleTime: 0,
    meta: { errorTitle: 'Could not load the blocks' },
  });
}

export const makeExportAddress = (roomId: number) =>
  apiJson<{ url: string }>(`/rooms/${roomId}/export-key`, { method: 'POST' });
export const addFeed = (roomId: number, body: unknown) =>
  apiJson<ChannelFeed>(`/rooms/${roomId}/feeds`, { method: 'POST', body });
export const setFeedPaused = (feedId: number, paused: boolean) =>
  apiJson<ChannelFeed>(`/feeds/${feedId}`, { method: 'PATCH', body: { paused } });
export const removeFeed = (feedId: number) =>
  apiJson<void>(`/feeds/${feedId}`, { method: 'DELETE' });
export const syncFeedNow = (feedId: number) =>
  apiJson<SyncOutcome>(`/feeds/${feedId}/sync`, { method: 'POST' });
export const addBlock = (roomId: number, body: unknown) =>
  apiJson<RoomBlock>(`/rooms/${roomId}/blocks`, { method: 'POST', body });
export const removeBlock = (blockId: number) =>
  apiJson<void>(`/blocks/${blockId}`, { method: 'DELETE' });
