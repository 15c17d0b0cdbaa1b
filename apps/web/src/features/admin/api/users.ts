import type {
  UserCreateBody,
  UserProfile,
  UserSummary,
  UserUpdateBody,
} from '@devstay/shared/contracts/users';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, apiPage } from '../../../lib/api.ts';

const USERS_KEY = ['users'] as const;
const path = (id: string) => `/users/${encodeURIComponent(id)}`;

/**
 * GET /users: one page of the user table, sorted by e-mail — every account for the superAdmin,
 * the guests of their hotel for an admin (the server decides); `q` searches e-mail and name.
 */
export function useUserList(page: number, q: string) {
  return useQuery({
    queryKey: [...USERS_KEY, 'list', page, q],
    queryFn: ({ signal }) => apiPage<UserSummary>('/users', { signal, query: { page, q } }),
    placeholderData: keepPreviousData,
    meta: { errorTitle: 'Could not load the users' },
  });
}

/** GET /users/admins: the admins with their hotel, sorted by hotel (the admin table). */
export function useAdminList() {
  return useQuery({
    queryKey: [...USERS_KEY, 'admins'],
    queryFn: ({ signal }) => apiJson<UserSummary[]>('/users/admins', { signal }),
    meta: { errorTitle: 'Could not load the admins' },
  });
}

/** GET /users/{id}: one account's profile. */
export function useUser(id: string) {
  return useQuery({
    queryKey: [...USERS_KEY, 'detail', id],
    queryFn: ({ signal }) => apiJson<UserProfile>(path(id), { signal }),
    enabled: id.length > 0,
    meta: { errorTitle: 'Could not load the account' },
  });
}

/** POST /users: the superAdmin registers an account (an admin, with a hotel). */
export function useCreateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserCreateBody) => apiJson<UserProfile>('/users', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}

/** PUT /users/{id}: profile fields, and an admin's hotel. */
export function useUpdateAccount(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserUpdateBody) => apiJson<UserProfile>(path(id), { method: 'PUT', body }),
    onSuccess: (profile) => {
      queryClient.setQueryData([...USERS_KEY, 'detail', id], profile);
      return queryClient.invalidateQueries({ queryKey: [...USERS_KEY, 'admins'] });
    },
  });
}

/** DELETE /users/{id} (superAdmin). */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<void>(path(id), { method: 'DELETE' }),
    onSuccess: (_reply, id) => {
      queryClient.removeQueries({ queryKey: [...USERS_KEY, 'detail', id] });
      return queryClient.invalidateQueries({ queryKey: USERS_KEY });
    },
  });
}
