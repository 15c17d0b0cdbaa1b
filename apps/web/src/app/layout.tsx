import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { AccountArea } from '../features/auth/components/account-area.tsx';
import { Footer } from '../features/layout/components/footer.tsx';
import { Navbar } from '../features/layout/components/navbar.tsx';
import { OffersForm } from '../features/offers/components/offers-form.tsx';

/** Page frame: skip link, navigation bar, main content, footer. */
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
      <Navbar account={(placement) => <AccountArea placement={placement} />} />
      <main id="main" ref={main} tabIndex={-1} className="app-main">
        <Outlet />
      </main>
      <Footer offers={<OffersForm />} />
      <ScrollRestoration />
    </div>
  );
}
