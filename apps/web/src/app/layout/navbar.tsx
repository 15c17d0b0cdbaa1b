import { PRODUCT_NAME } from '@devstay/shared/constants';
import { paths } from '@devstay/shared/paths';
import { Burger, Container, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCode } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { Link, matchPath, NavLink, useLocation } from 'react-router';
import { KeptElement } from '../../components/kept-markup.tsx';
import classes from './navbar.module.css';

const LINKS = [
  { to: paths.landing, label: 'Home' },
  { to: paths.hotels, label: 'Hotels' },
  { to: paths.events, label: 'Events' },
  { to: paths.about, label: 'About us' },
] as const;

interface NavbarProps {
  /** The account corner (Log in, or the signed-in account's menu): in the bar, in the small-screen menu. */
  account: (placement: 'bar' | 'menu') => ReactNode;
  /** The cart link with its count. */
  cart: ReactNode;
}

/**
 * The navigation bar: logo, page links, cart with its count, Log in; a burger on small screens.
 * The server draws it once for each page link that can be the current one, and keeps it (the
 * account and the cart are the visitor's, known in the browser only).
 */
export function Navbar({ account, cart }: NavbarProps) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the menu whenever the page changes
  useEffect(() => close(), [pathname, close]);

  const current = LINKS.find((link) => matchPath({ path: link.to, end: true }, pathname));
  const links = LINKS.map((link) => (
    <NavLink key={link.to} to={link.to} end className={classes.link}>
      {link.label}
    </NavLink>
  ));

  return (
    <KeptElement as="header" keptAs={`navbar-${current?.to ?? 'none'}`} className={classes.header}>
      <Container size="xl" className={classes.bar}>
        <Link to={paths.landing} className={classes.logo} aria-label={`${PRODUCT_NAME} home`}>
          <IconCode size={28} aria-hidden="true" />
          <span>{PRODUCT_NAME}</span>
        </Link>
        <nav aria-label="Main" className={classes.desktopNav}>
          {links}
        </nav>
        <Group gap="sm" wrap="nowrap">
          {cart}
          {account('bar')}
          <Burger
            opened={opened}
            onClick={toggle}
            hiddenFrom="sm"
            size="sm"
            aria-label={opened ? 'Close navigation' : 'Open navigation'}
            aria-expanded={opened}
            aria-controls="mobile-navigation"
          />
        </Group>
      </Container>
      {opened ? (
        <nav aria-label="Main" id="mobile-navigation" className={classes.mobileMenu}>
          <Stack gap={0} className={classes.mobileNav}>
            {links}
            {account('menu')}
          </Stack>
        </nav>
      ) : null}
    </KeptElement>
  );
}
