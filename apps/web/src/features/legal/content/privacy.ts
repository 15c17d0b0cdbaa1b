import { CONTACT } from '../../../lib/contact.ts';

export const PRIVACY = {
  title: 'Privacy policy',
  updated: 'June 1, 2025',
  intro: `This policy explains which personal data DevStay collects, why, how long we keep it and the rights you have. The controller of your data is ${CONTACT.company}, ${CONTACT.address}. You can reach us about privacy at ${CONTACT.privacyEmail}.`,
  sections: [
    {
      heading: 'Data we collect',
      paragraphs: ['We collect only what we need to run the service:'],
      list: [
        'Account data: e-mail address, password (stored only as a one-way hash), name, last name, address, city, country and, for hotel staff, the hotel they manage.',
        'Booking data: the rooms, dates, quantities and prices of your bookings, their status and the receipt sent to you.',
        'Payment data: the payment provider returns us a reference, the amount and the last four digits of the card. Your full card number never reaches our servers.',
        'Content you publish: reviews, ratings and, for hotel staff, the hotels, rooms, services and events they publish.',
        'Offers subscription: the e-mail address you enter in the offers form.',
        'Technical data: IP address, browser type and the time of requests, kept in security logs.',
      ],
    },
    {
      heading: 'Why we use it',
      paragraphs: [
        'We use your data to provide the booking you ask for (performance of a contract), to keep accounts and payments secure and to prevent fraud (legitimate interest), to keep accounting records (legal obligation) and to send you hotel deals when you subscribed to them (consent). We do not sell your data and we do not use it for advertising profiles.',
      ],
    },
    {
      heading: 'Who receives it',
      paragraphs: [
        'The hotel you book receives your name, e-mail address and the details of your booking so that it can welcome you. Our payment provider processes your card payment. Our e-mail provider delivers confirmation, receipt, password and offers e-mails. Our hosting provider stores the data on our behalf. Each of them acts under a contract that limits their use of the data to the service they provide us. We disclose data to authorities only when the law requires it.',
      ],
    },
    {
      heading: 'Cookies and local storage',
      paragraphs: [
        'DevStay uses only what is strictly necessary for the site to work, so no consent banner is needed:',
      ],
      list: [
        'a session cookie, set when you log in, that keeps you signed in and protects forms against cross-site request forgery; it is deleted when you log out or when it expires;',
        'your browser’s local storage, which keeps your cart (the rooms and dates you chose) on your device between visits; it is never sent to us until you pay, and you can empty it with Clear cart.',
      ],
    },
    {
      heading: 'How long we keep it',
      paragraphs: ['We keep data no longer than necessary:'],
      list: [
        'account data: as long as the account is open, then deleted within 30 days of closing it;',
        'bookings, payments and receipts: 10 years, as required for accounting records;',
        'reviews: as long as they are published, or until you ask us to delete them;',
        'offers subscription: until you unsubscribe with the link in each e-mail;',
        'security logs: 90 days.',
      ],
    },
    {
      heading: 'Security',
      paragraphs: [
        'Passwords are hashed with a memory-hard algorithm, connections are encrypted, sessions are held in HttpOnly cookies and access to personal data is limited to the staff who need it. Hotel staff see only the bookings of their own hotel.',
      ],
    },
    {
      heading: 'Your rights',
      paragraphs: [
        `You may ask for access to your data, its correction or deletion, a copy in a portable format, the restriction of its use, or object to its use based on our legitimate interest. You may withdraw your consent to offers e-mails at any time. Write to ${CONTACT.privacyEmail}; we answer within one month. You also have the right to complain to your data protection authority.`,
      ],
    },
    {
      heading: 'Children',
      paragraphs: [
        'DevStay is not meant for people under 18 and we do not knowingly collect their data. If you think a child has given us personal data, write to us and we will delete it.',
      ],
    },
    {
      heading: 'Changes to this policy',
      paragraphs: [
        'We will publish any change on this page with a new date, and tell account holders by e-mail before an important change takes effect.',
      ],
    },
  ],
};
