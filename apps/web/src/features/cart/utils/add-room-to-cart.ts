import type { RoomDetail } from '@devstay/shared/contracts/catalogue';
import { capitalize, centsToPrice } from '@devstay/shared/text';
import { notifyInfo, notifySuccess } from '../../../lib/notify.ts';
import { addToCart } from '../store/cart-store.ts';

export interface CartStay {
  checkIn: string;
  checkOut: string;
  /** Price of the stay for one unit, in cents. */
  totalCents: number;
  /** Guests of the stay. */
  guests: number;
}

/**
 * ADD TO CART of a room (product §2.6): `units` more (one by default) for the stay, and a toast
 * saying so.
 */
export function addRoomToCart(
  room: Pick<RoomDetail, 'id' | 'name' | 'image' | 'price' | 'Hotels'>,
  stay: CartStay,
  units = 1,
): void {
  const name = capitalize(room.name);
  const quantity = addToCart(
    {
      id: room.id,
      name: room.name,
      image: room.image,
      price: room.price,
      Hotels: room.Hotels,
      checkIn: stay.checkIn,
      checkOut: stay.checkOut,
      totalPrice: centsToPrice(stay.totalCents),
      guests: stay.guests,
    },
    units,
  );
  if (quantity === units) {
    notifySuccess(units === 1 ? `${name} added to cart` : `${units} × ${name} added to cart`);
  } else notifyInfo(`Increased cart quantity of room ${name} to ${quantity}`);
}
