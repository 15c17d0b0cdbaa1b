import { CONTACT } from '../../../lib/contact.ts';

export const ABOUT = {
  title: 'About us',
  intro:
    'DevStay is a hotel booking site made by software developers for software developers. We list hotels around the country that welcome people who travel with a laptop, and the IT events those hotels host.',
  sections: [
    {
      heading: 'Why DevStay',
      paragraphs: [
        'Travelling for a conference, a client visit or a remote-work month usually means checking the same things again and again: is the Wi-Fi fast enough for a video call, is there a desk, can I work at night without disturbing anyone? DevStay answers those questions before you book.',
        'Every hotel on DevStay provides a service oriented towards software developers, and each room lists its own services so you know what you will find when you open the door.',
      ],
    },
    {
      heading: 'What you can do here',
      paragraphs: ['Without an account you can already:'],
      list: [
        'Search hotels by name or destination (a city, neighbourhood or province, accents and capitals as you like), filter them by city or by star category and sort them by name or score.',
        'Read each hotel’s description, services, rooms and guest reviews.',
        'Choose your dates on a room, see the price of the whole stay and add it to your cart.',
        'Browse the meetups, conferences and hackathons published by each hotel and find a room for the dates of an event.',
      ],
    },
    {
      heading: 'Accounts, bookings and reviews',
      paragraphs: [
        'With a free account you keep a list of favourite rooms, pay for your cart by card, receive an e-mailed receipt and find every booking in your history. Guests who stayed can review the hotel; their reviews are marked as a verified stay.',
        'Hotel owners manage their own hotel on DevStay: rooms, services, events and the bookings they receive.',
      ],
    },
    {
      heading: 'Prices you can trust',
      paragraphs: [
        'Prices are shown per night in US dollars. Each night has its own price (the room’s base price, a season’s or a weekday’s price the hotel set, and the hotel’s premium on the nights of its events); the price of a stay is the sum of its nights, shown night by night before you pay, and it is always computed again by our server before you pay, together with the availability of the room for every night of your stay. A room is never sold twice for the same night.',
      ],
    },
    {
      heading: 'Contact',
      paragraphs: [
        `Write to ${CONTACT.email} or call ${CONTACT.phone} (${CONTACT.hours}). Our office is at ${CONTACT.address}.`,
      ],
    },
  ],
};
