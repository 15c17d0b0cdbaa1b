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

/** ADD TO CART of a room (product §2.6): one more unit for the stay, and a toast saying so. */
export function addRoomToCart(room: RoomDetail, stay: CartStay): void {
  const name = capitalize(room.name);
  const quantity = addToCart({
    id: room.id,
    name: room.name,
    image: room.image,
    price: room.price,
    Hotels: room.Hotels,
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    totalPrice: centsToPrice(stay.totalCents),
    guests: stay.guests,
  });
  if (quantity === 1) notifySuccess(`${name} added to cart`);
  else notifyInfo(`Increased cart quantity of room ${name} to ${quantity}`);
}
