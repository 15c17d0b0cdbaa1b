import type { HotelCard as HotelCardData } from '@devstay/shared/contracts/catalogue';
import { paths, type StayDates } from '@devstay/shared/paths';
import { formatUsd, priceToCents } from '@devstay/shared/text';
import { IconMapPin } from '@tabler/icons-react';
import { Link } from 'react-router';
import { dataKey, KeptElement } from '../../../components/kept-markup.tsx';
import { StarRating } from '../../../components/star-rating.tsx';
import { IMAGE_SIZES, responsiveImage } from '../../../lib/image-url.ts';
import { locationText } from '../../../lib/location.ts';
import { stayPriceText } from '../../../lib/stay-price.ts';
import { HotelAttributes } from './hotel-attributes.tsx';
import classes from './hotel-card.module.css';

interface HotelCardProps {
  hotel: HotelCardData;
  /** The first card's picture is the page's largest paint: fetch it first, not lazily. */
  priority?: boolean;
  /** The stay searched, carried to the hotel's rooms. */
  stay?: StayDates;
}

/**
 * A hotel in the list: picture, name, stars, location and price, linking to its detail (product
 * §2.4): "from $X per night", its cheapest night; with a stay searched, the stay's cheapest price
 * among its rooms that fit, as the server priced it ("$1,445 for 3 nights").
 * Plain elements styled like Mantine's card: a page shows eight, drawn and hydrated on arrival.
 */
export function HotelCard({ hotel, priority = false, stay }: HotelCardProps) {
  const name = hotel.name;
  const location = locationText(hotel.Locations[0]);
  const { stay: priced, fromPrice } = hotel;
  const price = priced
    ? stayPriceText(priceToCents(priced.total), priced.nights, priced.rooms)
    : fromPrice !== null
      ? `from ${formatUsd(priceToCents(fromPrice))} per night`
      : null;
  return (
    <KeptElement
      as="article"
      className={classes.card}
      // The server draws a card once for its data and stay, as many searches show it. Not the
      // first one: React asks for its picture ahead only when it draws it.
      keptAs={
        import.meta.env.SSR && !priority ? dataKey('hotel-card', [hotel, stay ?? null]) : undefined
      }
    >
      <img
        {...responsiveImage(hotel.picture ?? hotel.image[0], IMAGE_SIZES.card)}
        alt={`${name}, hotel`}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding="async"
        className={classes.image}
      />
      <div className={classes.body}>
        <h2 className={classes.title}>
          <Link to={paths.hotel(hotel.id, stay)} className={classes.link}>
            {name}
          </Link>
        </h2>
        <StarRating value={hotel.qualification} label={`${hotel.qualification} out of 5 stars`} />
        {location ? (
          <p className={classes.location}>
            <IconMapPin size={16} aria-hidden="true" className={classes.pin} />
            {location}
          </p>
        ) : null}
        <HotelAttributes hotel={hotel} className={classes.muted} />
        {price ? <p className={classes.price}>{price}</p> : null}
        <p className={classes.muted}>
          {hotel.reviewCount > 0 && hotel.reviewAverage !== null
            ? `Guests rate it ${hotel.reviewAverage.toFixed(1)} / 5 (${hotel.reviewCount} ${
                hotel.reviewCount === 1 ? 'review' : 'reviews'
              })`
            : 'No reviews yet'}
        </p>
      </div>
    </KeptElement>
  );
}
