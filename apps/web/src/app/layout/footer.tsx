import { PRODUCT_NAME } from '@devstay/shared/constants';
import { Anchor, Container, Group, SimpleGrid, Stack, Text } from '@mantine/core';
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
import { CONTACT, SOCIAL_LINKS } from '../../lib/contact.ts';
import { paths } from '../../lib/paths.ts';
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

/** About text, contact details, page links, social links, the year and the offers form. */
export function Footer({ offers }: FooterProps) {
  const year = new Date().getFullYear();
  return (
    <footer className={classes.footer}>
      <Container size="xl" py="xl">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="xl">
          <Stack gap="xs">
            <Text component="h2" fw={800} size="xl">
              {PRODUCT_NAME}
            </Text>
            <Text size="sm" className={classes.muted}>
              Hotels around the country, rooms with the services you work with, and the IT events
              each hotel hosts. Made for software developers.
            </Text>
          </Stack>
          <Stack gap="xs">
            <Text component="h2" fw={700} size="md">
              Contact
            </Text>
            <Group gap={8} wrap="nowrap">
              <IconMail size={16} aria-hidden="true" />
              <Anchor href={`mailto:${CONTACT.email}`} className={classes.link} size="sm">
                {CONTACT.email}
              </Anchor>
            </Group>
            <Group gap={8} wrap="nowrap">
              <IconPhone size={16} aria-hidden="true" />
              <Anchor href={CONTACT.phoneHref} className={classes.link} size="sm">
                {CONTACT.phone}
              </Anchor>
            </Group>
            <Group gap={8} wrap="nowrap" align="flex-start">
              <IconMapPin size={16} aria-hidden="true" style={{ flexShrink: 0, marginTop: 3 }} />
              <Text size="sm" component="address" className={classes.address}>
                {CONTACT.address}
              </Text>
            </Group>
          </Stack>
          <nav aria-label="Footer">
            <Text component="h2" fw={700} size="md" mb="xs">
              Pages
            </Text>
            <ul className={classes.pageList}>
              {PAGE_LINKS.map((link) => (
                <li key={link.to}>
                  <Anchor component={Link} to={link.to} className={classes.link} size="sm">
                    {link.label}
                  </Anchor>
                </li>
              ))}
            </ul>
          </nav>
          <div>{offers}</div>
        </SimpleGrid>
        <div className={classes.bottom}>
          {/* The server's year may differ from the visitor's around New Year. */}
          <Text size="sm" className={classes.muted} suppressHydrationWarning>
            © {year} {PRODUCT_NAME}. All rights reserved.
          </Text>
          <Group gap="xs" component="ul" className={classes.socialList} aria-label="Social media">
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
          </Group>
        </div>
      </Container>
    </footer>
  );
}
