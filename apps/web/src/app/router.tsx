import { createBrowserRouter, type LoaderFunction } from 'react-router';
import { HotelListPage } from '../features/hotels/routes/hotel-list-page.tsx';
import { LandingPage } from '../features/landing/landing-page.tsx';
import { Layout } from './layout.tsx';
import { RouteError } from './route-error.tsx';
import { RouteLoading } from './route-loading.tsx';

/** Any address no route claims: a 404 for the error screen. */
const notFound: LoaderFunction = () => {
  throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
};

/**
 * The route table (spec §2.1). `/` and `/home` ship with the first load; every other screen is
 * fetched when first visited. Add new screens here, lazily.
 */
export const router = createBrowserRouter([
  {
    path: '/',
    Component: Layout,
    errorElement: <RouteError />,
    HydrateFallback: RouteLoading,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, Component: LandingPage },
          { path: 'home', Component: HotelListPage },
          {
            path: 'home/Events',
            lazy: () =>
              import('../features/events/routes/events-page.tsx').then((m) => ({
                Component: m.EventsPage,
              })),
          },
          {
            path: 'hotel/:id',
            lazy: () =>
              import('../features/hotels/routes/hotel-detail-page.tsx').then((m) => ({
                Component: m.HotelDetailPage,
              })),
          },
          {
            path: 'hotel/room/:id',
            lazy: () =>
              import('../features/rooms/routes/room-detail-page.tsx').then((m) => ({
                Component: m.RoomDetailPage,
              })),
          },
          {
            path: 'cart',
            lazy: () =>
              import('../features/cart/routes/cart-page.tsx').then((m) => ({
                Component: m.CartPage,
              })),
          },
          {
            path: 'about',
            lazy: () =>
              import('../features/legal/routes/about-page.tsx').then((m) => ({
                Component: m.AboutPage,
              })),
          },
          {
            path: 'terms',
            lazy: () =>
              import('../features/legal/routes/terms-page.tsx').then((m) => ({
                Component: m.TermsPage,
              })),
          },
          {
            path: 'privacy',
            lazy: () =>
              import('../features/legal/routes/privacy-page.tsx').then((m) => ({
                Component: m.PrivacyPage,
              })),
          },
          { path: '*', loader: notFound, Component: () => null },
        ],
      },
    ],
  },
]);
