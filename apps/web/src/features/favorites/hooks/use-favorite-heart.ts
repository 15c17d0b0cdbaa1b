import type { Role } from '@devstay/shared/constants';
import { FAVORITES_MESSAGES } from '@devstay/shared/messages';
import { errorMessage } from '../../../lib/api.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useChangeFavorite, useFavoriteIds } from '../api/favorites.ts';

/** Who looks at the heart: the signed-in account, null for a visitor, undefined while unknown. */
export type HeartAccount = { id: string; rol: Role } | null | undefined;

/** One toast at a time: the last change replaces the one before. */
const TOAST_ID = 'favorites';

/**
 * The favourite heart of a room (product §2.6, §4, §8): on when the room is among the guest's
 * favourites; a toggle adds or removes it and says so with the room's name as shown. A visitor
 * is told to log in; a refusal shows the server's text.
 */
export function useFavoriteHeart(account: HeartAccount, room: { id: number; name: string }) {
  // Only guests keep favourites (product §6): nobody else's list is asked for.
  const guestId = account?.rol === 'user' ? account.id : undefined;
  const ids = useFavoriteIds(guestId);
  const change = useChangeFavorite({
    onSuccess: ({ favorite }) =>
      notifySuccess(
        favorite ? FAVORITES_MESSAGES.added(room.name) : FAVORITES_MESSAGES.removed(room.name),
        TOAST_ID,
      ),
    onError: (error) => notifyError(errorMessage(error), undefined, TOAST_ID),
  });
  const on = ids.data?.includes(room.id) ?? false;
  const busy =
    account === undefined || change.isPending || (guestId !== undefined && ids.isPending);

  const toggle = () => {
    if (busy || account === undefined) return;
    if (account === null) {
      notifyError(FAVORITES_MESSAGES.logIn, undefined, TOAST_ID);
      return;
    }
    change.mutate({ userId: account.id, roomId: room.id, favorite: !on });
  };

  return { on, busy, toggle };
}
