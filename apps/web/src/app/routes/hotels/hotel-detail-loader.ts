import { parseRowId } from '@devstay/shared/row-id';
import type { QueryClient } from '@tanstack/react-query';
import { preload } from 'react-dom';
import type { LoaderFunction } from 'react-router';
import { hotelQuery } from '../../../features/hotels/api/get-hotel.ts';
import { hotelServicesQuery } from '../../../features/hotels/api/get-hotel-services.ts';
import { IMAGE_SIZES, responsiveImage } from '../../../lib/image-url.ts';
import { prefetching, type RouteData } from '../../route-data.ts';

/** The query parameters the hotel page reads: a stay (and its guests) handed over by a link. */
export const HOTEL_DETAIL_PARAMS = ['checkIn', 'checkOut', 'guests'] as const;

/** The hotel and its services: what /hotel/:id shows at once. */
export const hotelDetailData: RouteData = ({ params }) => {
  const id = parseRowId(params.id);
  return id === null ? [] : [hotelQuery(id), hotelServicesQuery(id)];
};

/**
 * Starts loading the hotel while the screen's code downloads, and once it is known fetches the
 * first carousel picture (the page's largest paint) at high priority, before the carousel
 * renders. It does not wait: the screen shows its loading state meanwhile.
 */
export function hotelDetailLoader(queryClient: QueryClient): LoaderFunction {
  return prefetching(queryClient, hotelDetailData, ({ params }) => {
    const id = parseRowId(params.id);
    if (id === null) return;
    void queryClient
      .fetchQuery(hotelQuery(id))
      .then((hotel) => {
        const first = hotel.pictures[0];
        if (!first) return;
        const picture = responsiveImage(first, IMAGE_SIZES.carousel);
        preload(picture.src, {
          as: 'image',
          fetchPriority: 'high',
          ...(picture.srcSet ? { imageSrcSet: picture.srcSet, imageSizes: picture.sizes } : {}),
        });
      })
      .catch(() => {
        // The screen's own query reports the failure.
      });
  });
}
