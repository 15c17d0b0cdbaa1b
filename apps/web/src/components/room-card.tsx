import { formatUsd } from '@devstay/shared/text';
import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ResponsiveImage } from '../lib/image-url.ts';
import classes from './room-card.module.css';

interface RoomCardProps {
  picture: ResponsiveImage;
  alt: string;
  /** What stands between the picture and the price: the room's name (RoomCardName) at least. */
  children: ReactNode;
  priceCents: number;
  description: string;
  /** The button to the room's page. */
  link: { to: string; label: string; ariaLabel: string };
}

/**
 * A room as a card: picture, name, nightly price, description and a button to its page. Plain
 * elements styled like Mantine's card (its button Mantine's own): the cheapest to draw where a
 * page shows many of them.
 */
export function RoomCard({ picture, alt, children, priceCents, description, link }: RoomCardProps) {
  return (
    <article className={classes.card}>
      <div className={classes.section}>
        <img {...picture} alt={alt} loading="lazy" className={classes.image} />
      </div>
      {children}
      <p className={classes.price}>
        {formatUsd(priceCents)} <span className={classes.perNight}>per night</span>
      </p>
      <p className={classes.description}>{description}</p>
      <Button component={Link} to={link.to} mt="md" fullWidth aria-label={link.ariaLabel}>
        {link.label}
      </Button>
    </article>
  );
}

/** A room card's title, at the heading level its page needs (h4's size whatever the level). */
export function RoomCardName({ level, children }: { level: 'h2' | 'h3'; children: ReactNode }) {
  const Heading = level;
  return <Heading className={classes.name}>{children}</Heading>;
}
