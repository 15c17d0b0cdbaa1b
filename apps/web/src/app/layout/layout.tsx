import { Suspense, useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { HydrateLater } from '../../components/hydrate-later.tsx';
import { AccountArea } from '../../features/auth/components/account-area.tsx';
import { CartLink } from '../../features/cart/components/cart-link.tsx';
import { forgetCart } from '../../features/cart/store/cart-store.ts';
import { lazyPart } from '../../lib/lazy-part.ts';
import { InteractiveMark } from '../interactive-mark.tsx';
import { Footer } from './footer.tsx';
import { Navbar } from './navbar.tsx';

// The footer's form is far below the fold (and in the server's render): its code follows the
// first load.
const OffersForm = lazyPart(() =>
  import('../../features/offers/components/offers-form.tsx').then((m) => m.OffersForm),
);
// One element for every render: a new one would be an update to the boundary before it hydrates,
// and React would drop the form's server markup until its code arrives.
const offersForm = (
  <Suspense fallback={null}>
    <OffersForm />
  </Suspense>
);

/**
 * Page frame: skip link, navigation bar, main content, footer. Pieces of several features meet
 * here: the account corner (auth), the cart link (cart), the offers form (offers). Logging out
 * forgets the cart, so the next person on this browser does not see it. On a server-rendered
 * page the frame hydrates first, then the content and the footer, then what a screen defers.
 */
export function Layout() {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  const firstPath = useRef(pathname);

  // After moving to another screen, start keyboard and screen reader users at its content.
  useEffect(() => {
    if (pathname === firstPath.current) return;
    firstPath.current = pathname;
    main.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <div className="app-shell">
      <a href="#main" className="skip-link">
        Skip to main content
      </a>
      {navigation.state !== 'idle' ? (
        <div className="route-progress" role="progressbar" aria-label="Loading page" />
      ) : null}
      <Navbar
        account={(placement) => <AccountArea placement={placement} onLoggedOut={forgetCart} />}
        cart={<CartLink />}
      />
      <main id="main" ref={main} tabIndex={-1} className="app-main">
        <HydrateLater>
          <Outlet />
          <InteractiveMark />
        </HydrateLater>
      </main>
      <HydrateLater>
        <Footer offers={offersForm} />
      </HydrateLater>
      <ScrollRestoration />
    </div>
  );
}
