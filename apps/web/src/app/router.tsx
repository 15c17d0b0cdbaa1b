import { createBrowserRouter, type LoaderFunction, type RouteObject } from 'react-router';
import type { SessionHandle } from '../features/auth/routes/require-session.tsx';
import { hotelDetailLoader } from '../features/hotels/routes/hotel-detail-loader.ts';
import {
  hotelListLoader,
  hotelListShouldRevalidate,
} from '../features/hotels/routes/hotel-list-loader.ts';
import { HotelListPage } from '../features/hotels/routes/hotel-list-page.tsx';
import { LandingPage } from '../features/landing/landing-page.tsx';
import { Layout } from './layout.tsx';
import { queryClient } from './query-client.ts';
import { RouteError } from './route-error.tsx';
import { RouteLoading } from './route-loading.tsx';

/** Any address no route claims: a 404 for the error screen. */
const notFound: LoaderFunction = () => {
  throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
};

/** Screens of signed-in accounts, each with the roles that may see it (spec §6). */
const accountRoutes: RouteObject[] = [
  {
    path: 'profileusers',
    handle: { roles: ['user'] } satisfies SessionHandle,
    lazy: () =>
      import('../features/profiles/routes/user-profile-page.tsx').then((m) => ({
        Component: m.UserProfilePage,
      })),
  },
  {
    path: 'profileusers/EditUser',
    handle: { roles: ['user'] } satisfies SessionHandle,
    lazy: () =>
      import('../features/profiles/routes/edit-user-page.tsx').then((m) => ({
        Component: m.EditUserPage,
      })),
  },
  {
    path: 'profileAdmin',
    handle: { roles: ['admin'] } satisfies SessionHandle,
    lazy: () =>
      import('../features/profiles/routes/admin-profile-page.tsx').then((m) => ({
        Component: m.AdminProfilePage,
      })),
  },
  {
    path: 'profileSuperAdmin',
    handle: { roles: ['superAdmin'] } satisfies SessionHandle,
    lazy: () =>
      import('../features/admin/routes/super-admin-dashboard-page.tsx').then((m) => ({
        Component: m.SuperAdminDashboardPage,
      })),
  },
  {
    path: 'profileSuperAdmin/adminTable',
    handle: { roles: ['superAdmin'] } satisfies SessionHandle,
    lazy: () =>
      import('../features/admin/routes/admin-table-page.tsx').then((m) => ({
        Component: m.AdminTablePage,
      })),
  },
  {
    path: 'profileSuperAdmin/registerAdmin',
    handle: { roles: ['superAdmin'] } satisfies SessionHandle,
    lazy: () =>
      import('../features/admin/routes/register-admin-page.tsx').then((m) => ({
        Component: m.RegisterAdminPage,
      })),
  },
  {
    path: 'profileSuperAdmin/editAdmin/:id',
    handle: { roles: ['superAdmin'] } satisfies SessionHandle,
    lazy: () =>
      import('../features/admin/routes/edit-admin-page.tsx').then((m) => ({
        Component: m.EditAdminPage,
      })),
  },
  {
    path: 'userTable',
    handle: { roles: ['admin', 'superAdmin'] } satisfies SessionHandle,
    lazy: () =>
      import('../features/admin/routes/user-table-page.tsx').then((m) => ({
        Component: m.UserTablePage,
      })),
  },
];

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
          {
            path: 'home',
            Component: HotelListPage,
            loader: hotelListLoader(queryClient),
            shouldRevalidate: hotelListShouldRevalidate,
          },
          {
            path: 'home/Events',
            lazy: () =>
              import('../features/events/routes/events-page.tsx').then((m) => ({
                Component: m.EventsPage,
              })),
          },
          {
            path: 'hotel/:id',
            loader: hotelDetailLoader(queryClient),
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
          {
            path: 'login',
            lazy: () =>
              import('../features/auth/routes/login-page.tsx').then((m) => ({
                Component: m.LoginPage,
              })),
          },
          {
            path: 'register',
            lazy: () =>
              import('../features/auth/routes/register-page.tsx').then((m) => ({
                Component: m.RegisterPage,
              })),
          },
          {
            path: 'reset',
            lazy: () =>
              import('../features/auth/routes/forgot-password-page.tsx').then((m) => ({
                Component: m.ForgotPasswordPage,
              })),
          },
          {
            path: 'reset-password',
            lazy: () =>
              import('../features/auth/routes/reset-password-page.tsx').then((m) => ({
                Component: m.ResetPasswordPage,
              })),
          },
          {
            // Login required (spec §2.1); `handle.roles` names who may see each screen.
            lazy: () =>
              import('../features/auth/routes/require-session.tsx').then((m) => ({
                Component: m.RequireSession,
              })),
            children: accountRoutes,
          },
          { path: '*', loader: notFound, Component: () => null },
        ],
      },
    ],
  },
]);
