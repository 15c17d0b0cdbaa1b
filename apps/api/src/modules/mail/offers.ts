import { OFFERS_SUBJECT } from '@devstay/shared/constants';
import { paths } from '@devstay/shared/paths';
import { capitalize, formatUsd } from '@devstay/shared/text';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { hotels, rooms } from '../../db/schema.ts';
import { escapeHtml } from '../../lib/html.ts';
import { hotelUrl, siteUrl } from '../../lib/site-links.ts';
import { enqueueMail } from './outbox.ts';
import { buttonHtml, layoutHtml } from './templates.ts';

interface Offer {
  roomId: number;
  room: string;
  category: string;
  hotelId: number;
  hotel: string;
  priceCents: number;
}

/** The current offers: the cheapest rooms on the site, one line each. */
async function currentOffers(db: Pick<Db, 'select'>, limit = 5): Promise<Offer[]> {
  return db
    .select({
      roomId: rooms.id,
      room: rooms.name,
      category: rooms.category,
      hotelId: hotels.id,
      hotel: hotels.name,
      priceCents: rooms.priceCents,
    })
    .from(rooms)
    .innerJoin(hotels, eq(hotels.id, rooms.hotelId))
    .where(sql`${rooms.stock} > 0`)
    .orderBy(asc(rooms.priceCents), asc(rooms.id))
    .limit(limit);
}

/** The best-rated hotels: stars first, then the review average. */
async function topHotels(db: Pick<Db, 'select'>, limit = 3) {
  return db
    .select({ id: hotels.id, name: hotels.name, qualification: hotels.qualification })
    .from(hotels)
    .orderBy(
      desc(hotels.qualification),
      desc(
        sql`case when ${hotels.reviewCount} > 0 then ${hotels.ratingSum}::float / ${hotels.reviewCount} else 0 end`,
      ),
      asc(hotels.id),
    )
    .limit(limit);
}

/**
 * Enqueues the 'Hotel Deals' e-mail (product §7.4) for one subscriber: the five cheapest rooms
 * and the best-rated hotels, each linked to its page. Runs on the caller's transaction when given one.
 */
export async function enqueueOffersMail(
  db: Executor,
  options: { to: string; publicUrl: string },
): Promise<string> {
  const offers = await currentOffers(db);
  const best = await topHotels(db);

  const offerLines = offers.map((o) => ({
    label: `${o.hotel} — ${capitalize(o.room)} ${o.category} room: ${formatUsd(o.priceCents)} per night`,
    url: siteUrl(options.publicUrl, paths.room(o.roomId)),
  }));
  const hotelLines = best.map((h) => ({
    label: `${h.name} (${h.qualification} stars)`,
    url: hotelUrl(options.publicUrl, h.id),
  }));
  const listHtml = (lines: { label: string; url: string }[]) =>
    `<ul>${lines.map((l) => `<li><a href="${escapeHtml(l.url)}">${escapeHtml(l.label)}</a></li>`).join('')}</ul>`;
  const listText = (lines: { label: string; url: string }[]) =>
    lines.map((l) => `- ${l.label}\n  ${l.url}`).join('\n');

  const text = [
    'Thanks for signing up for DevStay deals.',
    '',
    ...(offerLines.length
      ? ['Rooms at the lowest prices right now:', listText(offerLines), '']
      : []),
    ...(hotelLines.length ? ['Best-rated hotels:', listText(hotelLines), ''] : []),
    `See every hotel: ${siteUrl(options.publicUrl, paths.hotels)}`,
  ].join('\n');
  const html = layoutHtml(
    OFFERS_SUBJECT,
    '<h1 style="font-size:20px;margin-top:0">Hotel deals for developers</h1>' +
      '<p>Thanks for signing up for DevStay deals.</p>' +
      (offerLines.length
        ? `<h2 style="font-size:16px">Rooms at the lowest prices right now</h2>${listHtml(offerLines)}`
        : '') +
      (hotelLines.length
        ? `<h2 style="font-size:16px">Best-rated hotels</h2>${listHtml(hotelLines)}`
        : '') +
      buttonHtml(siteUrl(options.publicUrl, paths.hotels), 'See every hotel'),
  );
  return enqueueMail(db, { to: options.to, subject: OFFERS_SUBJECT, text, html });
}
