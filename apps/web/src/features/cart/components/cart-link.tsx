import { paths } from '@devstay/shared/paths';
import { IconShoppingCart } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCartQuantity } from '../store/cart-store.ts';
import classes from './cart-link.module.css';

/** The navigation bar's way to the cart, with the number of rooms in it. */
export function CartLink() {
  const quantity = useCartQuantity();
  return (
    <Link
      to={paths.cart}
      className={classes.cart}
      aria-label={`Cart, ${quantity} ${quantity === 1 ? 'room' : 'rooms'}`}
    >
      <IconShoppingCart size={26} aria-hidden="true" />
      {/* An empty cart's count is quiet: red says something waits in it. */}
      <span
        className={classes.badge}
        data-testid="cart-count"
        data-empty={quantity === 0 || undefined}
        aria-hidden="true"
      >
        {quantity}
      </span>
    </Link>
  );
}
