import type { Role } from '@devstay/shared/constants';
import { pathPatterns, paths } from '@devstay/shared/paths';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction, RouteObject } from 'react-router';
import { Layout } from './layout/layout.tsx';
import { page } from './lazy-page.ts';
import type { ServerRenderedHandle } from './route-data.ts';
import { RouteError } from './route-error.tsx';
import { RouteLoading } from './route-loading.tsx';
import type { SessionHandle } from './routes/account/require-session.tsx';
import { CARD_SCREENS, FORMS_PAGES } from './routes/content/content-screens.ts';
import {
  HOTEL_DETAIL_PARAMS,
  hotelDetailData,
  hotelDetailLoader,
} from './routes/hotels/hotel-detail-loader.ts';
import {
  HOTEL_LIST_ADDRESS_PARAMS,
  hotelListData,
  hotelListLive,
  hotelListLoader,
  hotelListShouldRevalidate,
} from './routes/hotels/hotel-list-loader.ts';
import { HotelListPage } from './routes/hotels/hotel-list-page.tsx';
import { LandingPage } from './routes/landing/landing-page.tsx';

/** A screen's path as a child of the layout at `/`: the table names its children relatively. */
function child(path: string): string {
  return path.slice(1);
}

/** Any address no route claims: a 404 for the error screen. */
const notFound: LoaderFunction = () => {
  throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
};

/** The 404 route draws nothing: its loader's error shows the error screen. */
const Nothing = () => null;

/** Screens that only these roles may see (product §6); `RequireSession` reads `handle.roles`. */
function forRoles(roles: readonly Role[], routes: RouteObject[]): RouteObject[] {
  const handle: SessionHandle = { roles };
  return routes.map((route) => ({ ...route, handle }));
}

/** Screens anyone may open. */
const publicScreens = [
  page(child(paths.events), () => import('./routes/events/events-page.tsx'), 'EventsPage'),
  page(
    child(pathPatterns.room),
    () => import('./routes/rooms/room-detail-page.tsx'),
    'RoomDetailPage',
  ),
  // Public: the login is checked when the review is sent (product §2.1).
  page(child(pathPatterns.review), () => import('./routes/reviews/review-page.tsx'), 'ReviewPage'),
  page(child(paths.cart), () => import('./routes/cart/cart-page.tsx'), 'CartPage'),
  page(child(paths.about), () => import('./routes/legal/about-page.tsx'), 'AboutPage'),
  page(child(paths.terms), () => import('./routes/legal/terms-page.tsx'), 'TermsPage'),
  page(child(paths.privacy), () => import('./routes/legal/privacy-page.tsx'), 'PrivacyPage'),
  page(child(paths.login), () => import('./routes/auth/login-page.tsx'), 'LoginPage'),
  page(child(paths.register), () => import('./routes/auth/register-page.tsx'), 'RegisterPage'),
  page(
    child(paths.forgotPassword),
    () => import('./routes/auth/forgot-password-page.tsx'),
    'ForgotPasswordPage',
  ),
  page(
    child(paths.resetPassword),
    () => import('./routes/auth/reset-password-page.tsx'),
    'ResetPasswordPage',
  ),
];

const userScreens = [
  page(
    child(paths.userProfile),
    () => import('./routes/profiles/user-profile-page.tsx'),
    'UserProfilePage',
  ),
  page(child(paths.editUser), () => import('./routes/profiles/edit-user-page.tsx'), 'EditUserPage'),
  page(
    child(paths.bookingHistory),
    () => import('./routes/bookings/booking-history-page.tsx'),
    'BookingHistoryPage',
  ),
  page(
    child(paths.favorites),
    () => import('./routes/favorites/favorites-page.tsx'),
    'FavoritesPage',
  ),
];

const adminScreens = [
  page(
    child(paths.adminProfile),
    () => import('./routes/profiles/admin-profile-page.tsx'),
    'AdminProfilePage',
  ),
];

const superAdminScreens = [
  page(
    child(paths.superAdminDashboard),
    () => import('./routes/admin/super-admin-dashboard-page.tsx'),
    'SuperAdminDashboardPage',
  ),
  page(
    child(paths.adminTable),
    () => import('./routes/admin/admin-table-page.tsx'),
    'AdminTablePage',
  ),
  page(
    child(paths.registerAdmin),
    () => import('./routes/admin/register-admin-page.tsx'),
    'RegisterAdminPage',
  ),
  page(
    child(pathPatterns.editAdmin),
    () => import('./routes/admin/edit-admin-page.tsx'),
    'EditAdminPage',
  ),
];

/** A content screen (product §2.12, §2.13): all share one chunk, fetched when one is first opened. */
function contentPage(path: string): RouteObject {
  return {
    path: child(path),
    lazy: async () => ({
      Component: (await import('./routes/content/content-pages.tsx')).contentPageAt(path),
    }),
  };
}

/**
 * The forms pages, the ten content forms and a room's rates, each for the roles its row of the
 * table names.
 */
const contentScreens = [
  ...FORMS_PAGES.flatMap((forms) => forRoles([forms.role], [contentPage(forms.path)])),
  ...CARD_SCREENS.flatMap((screen) => forRoles(screen.roles, [contentPage(screen.path)])),
];

const hotelStaffScreens = [
  page(child(paths.userTable), () => import('./routes/admin/user-table-page.tsx'), 'UserTablePage'),
  page(child(paths.stock), () => import('./routes/bookings/stock-page.tsx'), 'StockPage'),
];

/** Paying is a guest's own act (product §6); a visitor logs in and comes back with the cart. */
const paymentScreens = forRoles(
  ['user'],
  [page(child(paths.payment), () => import('./routes/checkout/payment-page.tsx'), 'PaymentPage')],
).map((route) => ({ ...route, handle: { ...route.handle, returnAfterLogin: true } }));

/** Screens of any signed-in account; the API decides which records each may read. */
const signedInScreens = [
  {
    ...page(
      child(pathPatterns.receipt),
      () => import('./routes/checkout/receipt-page.tsx'),
      'ReceiptPage',
    ),
    handle: { returnAfterLogin: true } satisfies SessionHandle,
  },
];

/** Screens of signed-in accounts, by the roles that may see them (product §6). */
const accountScreens = [
  ...paymentScreens,
  ...signedInScreens,
  ...forRoles(['user'], userScreens),
  ...forRoles(['admin'], adminScreens),
  ...forRoles(['superAdmin'], superAdminScreens),
  ...forRoles(['admin', 'superAdmin'], hotelStaffScreens),
  ...contentScreens,
];

/**
 * The route table (product §2.1). `/` and `/home` ship with the first load; every other screen is
 * a route module under `routes/`, fetched when first visited. Add new screens here, lazily.
 * Screens whose `handle` is a `ServerRenderedHandle` come rendered from the server on a first
 * visit (public data only); their loaders need an `id` for hydration.
 */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: paths.landing,
      Component: Layout,
      errorElement: <RouteError />,
      HydrateFallback: RouteLoading,
      children: [
        {
          errorElement: <RouteError />,
          children: [
            {
              index: true,
              Component: LandingPage,
              handle: { serverRendered: true } satisfies ServerRenderedHandle,
            },
            {
              id: 'hotel-list',
              path: child(paths.hotels),
              Component: HotelListPage,
              loader: hotelListLoader(queryClient),
              shouldRevalidate: hotelListShouldRevalidate,
              handle: {
                serverRendered: true,
                data: hotelListData,
                live: hotelListLive,
                params: HOTEL_LIST_ADDRESS_PARAMS,
              } satisfies ServerRenderedHandle,
            },
            {
              ...page(
                child(pathPatterns.hotel),
                () => import('./routes/hotels/hotel-detail-page.tsx'),
                'HotelDetailPage',
              ),
              id: 'hotel-detail',
              // The hotel and its first picture load while the screen's code downloads.
              loader: hotelDetailLoader(queryClient),
              handle: {
                serverRendered: true,
                data: hotelDetailData,
                params: HOTEL_DETAIL_PARAMS,
                module: 'src/app/routes/hotels/hotel-detail-page.tsx',
              } satisfies ServerRenderedHandle,
            },
            ...publicScreens,
            {
              // Login required (product §2.1); `handle.roles` names who may see each screen.
              ...page(
                undefined,
                () => import('./routes/account/require-session.tsx'),
                'RequireSession',
              ),
              children: accountScreens,
            },
            { path: '*', loader: notFound, Component: Nothing },
          ],
        },
      ],
    },
  ];
}
