import type { UserProfile } from '@devstay/shared/contracts/users';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api.ts';

/** The query key of the signed-in account (GET /api/me). */
export const SESSION_QUERY_KEY = ['session', 'me'] as const;

/** The signed-in account, or null for a visitor (the API answers null, not an error). */
function fetchSession(signal?: AbortSignal): Promise<UserProfile | null> {
  return apiJson<UserProfile | null>('/me', { signal });
}

export interface Session {
  /** The account, null when signed out, undefined until the first answer. */
  user: UserProfile | null | undefined;
  /** True until the first authentication state is known (product §4). */
  isLoading: boolean;
  /** The first answer failed (server unreachable): the state is unknown. */
  error: unknown;
  refetch: () => void;
}

/** Who is signed in: the profile with its `rol` and `hotel` (product §3 "Current user"). */
export function useSession(): Session {
  const query = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: ({ signal }) => fetchSession(signal),
    staleTime: 60_000,
    refetchOnWindowFocus: true,
  });
  return {
    user: query.data,
    isLoading: query.isPending,
    error: query.data === undefined ? query.error : null,
    refetch: () => void query.refetch(),
  };
}

/** After signing in or out: the next read asks the server again. */
export function refreshSession(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
}
