import { PRODUCT_NAME } from '@devstay/shared/constants';
import { paths } from '@devstay/shared/paths';
import {
  IconBrandGithub,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconBrandX,
  IconMail,
  IconMapPin,
  IconPhone,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { KeptElement } from '../../components/kept-markup.tsx';
import { CONTACT, SOCIAL_LINKS } from '../../lib/contact.ts';
import classes from './footer.module.css';

const PAGE_LINKS = [
  { to: paths.landing, label: 'Home' },
  { to: paths.hotels, label: 'Hotels' },
  { to: paths.events, label: 'Events' },
  { to: paths.about, label: 'About us' },
  { to: paths.terms, label: 'Terms of use' },
  { to: paths.privacy, label: 'Privacy policy' },
] as const;

const SOCIAL_ICONS = {
  GitHub: IconBrandGithub,
  LinkedIn: IconBrandLinkedin,
  X: IconBrandX,
  Instagram: IconBrandInstagram,
} as const;

interface FooterProps {
  /** The offers sign-up form. */
  offers: ReactNode;
}

/**
 * About text, contact details, page links, social links, the year and the offers form. Plain
 * elements styled as Mantine's container, grid, stacks and texts would draw them. The same on
 * every page: the server draws it once a year and keeps it.
 */
export function Footer({ offers }: FooterProps) {
  const year = new Date().getFullYear();
  return (
    <KeptElement as="footer" keptAs={`footer-${year}`} className={classes.footer}>
      <div className={classes.container}>
        <div className={classes.columns}>
          <div className={classes.column}>
            <h2 className={classes.brand}>{PRODUCT_NAME}</h2>
            <p className={`${classes.small} ${classes.muted}`}>
              Hotels around the country, rooms with the services you work with, and the IT events
              each hotel hosts. Made for software developers.
            </p>
          </div>
          <div className={classes.column}>
            <h2 className={classes.heading}>Contact</h2>
            <div className={classes.contact}>
              <IconMail size={16} aria-hidden="true" />
              <a href={`mailto:${CONTACT.email}`} className={`${classes.small} ${classes.link}`}>
                {CONTACT.email}
              </a>
            </div>
            <div className={classes.contact}>
              <IconPhone size={16} aria-hidden="true" />
              <a href={CONTACT.phoneHref} className={`${classes.small} ${classes.link}`}>
                {CONTACT.phone}
              </a>
            </div>
            <div className={`${classes.contact} ${classes.top}`}>
              <IconMapPin size={16} aria-hidden="true" className={classes.pin} />
              <address className={`${classes.small} ${classes.address}`}>{CONTACT.address}</address>
            </div>
          </div>
          <nav aria-label="Footer">
            <h2 className={`${classes.heading} ${classes.listHeading}`}>Pages</h2>
            <ul className={classes.pageList}>
              {PAGE_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={`${classes.small} ${classes.link}`}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div>{offers}</div>
        </div>
        <div className={classes.bottom}>
          {/* The server's year may differ from the visitor's around New Year. */}
          <p className={`${classes.small} ${classes.muted}`} suppressHydrationWarning>
            © {year} {PRODUCT_NAME}. All rights reserved.
          </p>
          <ul className={classes.socialList} aria-label="Social media">
            {SOCIAL_LINKS.map(({ network, href }) => {
              const Icon = SOCIAL_ICONS[network];
              return (
                <li key={network}>
                  <a
                    href={href}
                    className={classes.social}
                    aria-label={`${PRODUCT_NAME} on ${network}`}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    <Icon size={22} aria-hidden="true" />
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
      </div>
    </KeptElement>
  );
}
