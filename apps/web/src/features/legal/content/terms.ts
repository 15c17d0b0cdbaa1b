import {
  FREE_CANCELLATION_DAYS_DEFAULT,
  FREE_CANCELLATION_DAYS_MAX,
  FREE_CANCELLATION_DAYS_MIN,
  HOTEL_TIME_ZONE_DEFAULT,
} from '@devstay/shared/constants';
import { BOOKING_MESSAGES } from '@devstay/shared/messages';
import { CONTACT } from '../../../lib/contact.ts';

/**
 * The cancellation rule as the server applies it (product §4: `stayDeadlineSql`, the cancel's
 * `canCancelBooking`), in words, with the hotel's window's limits and default from constants.ts
 * and the hotel page's own wording as the example.
 */
const CANCELLATION_TERMS = [
  `You can cancel a confirmed booking yourself, from your booking history, until its free-cancellation deadline: 00:00 at the start of the day that lies the hotel's cancellation window before the check-in date, in the hotel's time zone. Each hotel sets its window, from ${FREE_CANCELLATION_DAYS_MIN} to ${FREE_CANCELLATION_DAYS_MAX} days (${FREE_CANCELLATION_DAYS_DEFAULT} unless the hotel says otherwise), and its page states it, for example "${BOOKING_MESSAGES.freeCancellationPolicy(FREE_CANCELLATION_DAYS_DEFAULT, HOTEL_TIME_ZONE_DEFAULT)}". With a window of 0 days you may cancel until the check-in day begins.`,
  'A booking has one deadline, the earliest of its rooms’: a booking with rooms at several hotels or for several stays follows the strictest of them. The room page, your cart and the payment page state the deadline before you pay; the confirmation, your receipt, your booking history and the confirmation e-mail state your booking’s after.',
  'A booking you cancel before its deadline is refunded in full. From the deadline on it can no longer be cancelled from your account, and a stay not taken is not refunded; write to us if something exceptional prevents your stay.',
];

export const TERMS = {
  title: 'Terms of use',
  updated: 'December 6, 2026',
  intro: `These terms govern your use of the DevStay website and the bookings you make through it. DevStay is operated by ${CONTACT.company}, ${CONTACT.address} ("DevStay", "we", "us"). By browsing the site, creating an account or making a booking you accept these terms. If you do not accept them, please do not use DevStay.`,
  sections: [
    {
      heading: 'Our role',
      paragraphs: [
        'DevStay is a platform that lists hotels, their rooms, their services and the events they host, and lets you book and pay for rooms. The accommodation itself is provided by the hotel. Each hotel is responsible for the accuracy of what it publishes and for providing the stay you booked; DevStay is responsible for operating the platform, taking your payment and confirming your booking.',
      ],
    },
    {
      heading: 'Your account',
      paragraphs: [
        'Some features (favourites, payment, booking history and reviews) require an account. You must be at least 18 years old to open one. Give accurate information, keep your password secret and tell us at once if you think someone else has used your account. You are responsible for the bookings made with your account.',
        'We may suspend or close an account that breaks these terms, that is used for fraud, or that stays inactive for more than three years after we warned you by e-mail.',
      ],
    },
    {
      heading: 'Searching and booking',
      paragraphs: [
        'Search results are ordered as you choose (by name or by score); when you choose no order, they are shown in a neutral order. No hotel pays to rank higher.',
        'A booking is made for a room type, a check-in date and a check-out date. A stay lasts at least one night; the nights of a stay run from the check-in date up to, but not including, the check-out date. Adding a room to your cart does not reserve it: availability is checked again when you pay, and a room can become unavailable in the meantime.',
        'A booking is confirmed only when your payment has succeeded and you have received the confirmation e-mail with the link to your receipt. Check the details of your booking as soon as you receive it and contact us if anything is wrong.',
      ],
    },
    {
      heading: 'Prices and payment',
      paragraphs: [
        'Prices are shown per night, in US dollars, and include the taxes the hotel charges on the room unless the room description says otherwise. Each night has its own price: the room’s base price, or the price the hotel set for a season or for some days of the week, with the hotel’s premium added on the nights of its own events. The price of a stay is the sum of the prices of its nights, shown night by night in your cart, at payment and on your receipt. The amount you pay is computed by our server at the moment of payment; if it differs from what your cart showed, you will see the new amount before you are charged.',
        'You pay by card when you book. Card details are handled by our payment provider and never stored by DevStay. Local charges that the hotel collects on arrival (such as a city tax or a deposit) are shown in the room description when they apply.',
      ],
    },
    {
      heading: 'Cancellations and changes',
      paragraphs: [
        ...CANCELLATION_TERMS,
        'A hotel may have to cancel a booking in exceptional circumstances (for example damage to the building). In that case you are refunded in full, and we will help you find an equivalent room when possible.',
        'Refunds go back to the card used for the booking, normally within 5 to 10 business days depending on your bank. To change dates, cancel the booking and make a new one, subject to availability.',
      ],
    },
    {
      heading: 'Events',
      paragraphs: [
        'Events are published by the hotels that host them. Dates, times and programmes may change; the organiser is responsible for the event. Booking a room does not include a ticket to an event unless the event description says so.',
      ],
    },
    {
      heading: 'Reviews and content you publish',
      paragraphs: [
        'Reviews must describe your own experience, be honest and respectful, and contain no personal data of others, advertising or unlawful content. Reviews from guests who stayed at the hotel through DevStay are marked as a verified stay. We may remove reviews that break these rules. You keep the rights to what you write and allow DevStay to display it on the site.',
      ],
    },
    {
      heading: 'Acceptable use',
      paragraphs: ['When using DevStay you must not:'],
      list: [
        'make speculative, false or fraudulent bookings;',
        'use someone else’s account or card without permission;',
        'copy the site’s content in bulk, or overload, probe or disrupt the service;',
        'use the offers e-mail form to subscribe addresses that are not yours.',
      ],
    },
    {
      heading: 'Liability',
      paragraphs: [
        'We take care to keep DevStay available and accurate, but we cannot guarantee uninterrupted service. Nothing in these terms limits liability that cannot be limited by law, such as liability for death or personal injury caused by negligence or for fraud. Otherwise, DevStay’s liability for a booking is limited to the amount you paid for it.',
      ],
    },
    {
      heading: 'Changes to these terms',
      paragraphs: [
        'We may update these terms to reflect changes in the service or in the law. The version in force when you make a booking applies to that booking. We will announce important changes on the site and by e-mail to account holders.',
      ],
    },
    {
      heading: 'Contact and complaints',
      paragraphs: [
        `For any question or complaint write to ${CONTACT.email} or call ${CONTACT.phone} (${CONTACT.hours}). We answer within two business days. If we cannot resolve a dispute together, you may bring it before the competent courts of your place of residence.`,
      ],
    },
  ],
};
