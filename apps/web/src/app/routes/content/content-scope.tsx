import type { HotelRef } from '@devstay/shared/contracts/users';
import { paths } from '@devstay/shared/paths';
import { Text } from '@mantine/core';
import type { ImageSlot } from '../../../features/content/components/image-slot.ts';
import { ImageUpload } from '../../../features/uploads/components/image-upload.tsx';
import { useSignedIn } from '../account/use-signed-in.ts';

/** The uploader, handed to the content forms (two features composed here). */
export const imageSlot: ImageSlot = (props) => <ImageUpload {...props} />;

export interface ContentScope {
  /** An admin's own hotel, fixed in every form; null for the superAdmin. */
  fixedHotel: HotelRef | null;
  /** An admin with no hotel yet has nothing to edit. */
  noHotel: boolean;
  /** The forms page of the account's role: where Back goes when there is no history. */
  back: string;
}

export function useContentScope(): ContentScope {
  const { me } = useSignedIn();
  const isAdmin = me.rol === 'admin';
  return {
    fixedHotel: isAdmin ? me.hotel : null,
    noHotel: isAdmin && me.hotel === null,
    back: isAdmin ? paths.adminForms : paths.superAdminForms,
  };
}

const NO_HOTEL_TEXT =
  'No hotel is assigned to your account yet: the superAdmin assigns one before you can edit its content.';

export function NoHotel() {
  return <Text c="dimmed">{NO_HOTEL_TEXT}</Text>;
}
