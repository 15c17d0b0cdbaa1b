/** The demo IT events, each hosted by one of the demo hotels (by name). */

export type EventKind = 'conference' | 'meetup' | 'hackathon' | 'workshop';

export interface EventSeed {
  name: string;
  hotel: string;
  kind: EventKind;
  time: string;
  description: string;
}

export const EVENTS: readonly EventSeed[] = [
  {
    name: 'NodeConf Argentina',
    hotel: 'Hotel Puerto Madero Stack',
    kind: 'conference',
    time: '09:00',
    description:
      'Two tracks of talks on Node.js, runtimes and the JavaScript ecosystem, with speakers from the core team and local companies. Lunch, coffee and an after-party on the docks included.',
  },
  {
    name: 'Rust Meetup Córdoba',
    hotel: 'Hotel Cañada Async',
    kind: 'meetup',
    time: '19:00',
    description:
      'Monthly Rust meetup: a talk on async runtimes, a lightning round of side projects and pizza. Beginners welcome; bring a laptop with rustup installed.',
  },
  {
    name: 'React Buenos Aires Summit',
    hotel: 'Recoleta Kernel Hotel',
    kind: 'conference',
    time: '09:30',
    description:
      'A one-day summit on React, server components and design systems, closing with a panel on web performance and accessibility.',
  },
  {
    name: 'Hackathon Patagonia Open Data',
    hotel: 'Hotel Cumbre del Código',
    kind: 'hackathon',
    time: '10:00',
    description:
      'Forty-eight hours to build tools on the open data of national parks and tourism. Teams of up to five, mentors on site, prizes for the best civic project.',
  },
  {
    name: 'Python Rosario Meetup',
    hotel: 'Hotel Oroño Runtime',
    kind: 'meetup',
    time: '18:30',
    description:
      'Talks on data pipelines with Python, typing in large codebases and a live coding session. Followed by beers by the river.',
  },
  {
    name: 'Kubernetes Cuyo Day',
    hotel: 'Hotel Aconcagua Bytes',
    kind: 'conference',
    time: '09:00',
    description:
      'A day on cloud-native operations: clusters at scale, observability and cost control, with case studies from companies in the Cuyo region.',
  },
  {
    name: 'Go Meetup Mendoza',
    hotel: 'Malbec Merge Suites',
    kind: 'meetup',
    time: '19:30',
    description:
      'Gophers of Mendoza meet to talk about concurrency patterns, generics in practice and the tooling they use every day, with a wine tasting to close.',
  },
  {
    name: 'DevOps Fin del Mundo',
    hotel: 'Hotel Fin del Mundo Uptime',
    kind: 'conference',
    time: '10:00',
    description:
      'The southernmost DevOps conference: incident stories, platform engineering and reliability, with a boat trip on the Beagle Channel for speakers and attendees.',
  },
  {
    name: 'TypeScript Avanzado Workshop',
    hotel: 'Palermo Commit Suites',
    kind: 'workshop',
    time: '14:00',
    description:
      'A hands-on afternoon on advanced TypeScript: generics, conditional and template literal types, and typing a real API end to end. Laptops required.',
  },
  {
    name: 'AI & LLM Hack Night',
    hotel: 'Hotel Villa Crespo Loop',
    kind: 'hackathon',
    time: '18:00',
    description:
      'An overnight hack on retrieval, structured output and evaluation of language models. Compute credits for every team and breakfast at dawn.',
  },
  {
    name: 'Data Engineering Norte',
    hotel: 'Cerro San Bernardo Suites',
    kind: 'conference',
    time: '09:00',
    description:
      'The data community of northern Argentina meets for talks on lakehouses, streaming and data quality, with workshops in the afternoon.',
  },
  {
    name: 'Flutter Meetup Tucumán',
    hotel: 'Suites Parque 9 de Julio',
    kind: 'meetup',
    time: '19:00',
    description:
      'Mobile developers share what they learned shipping Flutter apps: state management, testing and publishing to both stores.',
  },
  {
    name: 'CTF Mar del Plata',
    hotel: 'Hotel Playa Grande Ping',
    kind: 'hackathon',
    time: '11:00',
    description:
      'A capture-the-flag security competition by the sea: web, crypto, reversing and forensics challenges for teams of up to four.',
  },
  {
    name: 'PostgreSQL Day Argentina',
    hotel: 'Costanera Compiler Hotel',
    kind: 'conference',
    time: '09:30',
    description:
      'Talks on query planning, indexing, replication and running PostgreSQL in production, from contributors and the teams who operate it.',
  },
  {
    name: 'Women in Tech Córdoba',
    hotel: 'Nueva Córdoba DevHouse',
    kind: 'meetup',
    time: '18:30',
    description:
      'An evening of talks and mentoring circles by women in software, open to everyone who wants to build a more diverse industry.',
  },
  {
    name: 'Game Jam Neuquén',
    hotel: 'Hotel Confluencia Cluster',
    kind: 'hackathon',
    time: '17:00',
    description:
      'Make a game in a weekend around a theme revealed at the opening. Artists, musicians and programmers welcome; playtesting on Sunday afternoon.',
  },
  {
    name: 'Cloud Native Patagonia',
    hotel: 'Nahuel Huapi Remote Lodge',
    kind: 'conference',
    time: '09:00',
    description:
      'Containers, service meshes and serverless, with a view of the lake. Talks in the morning, open spaces after lunch and a hike on the last day.',
  },
  {
    name: 'Accesibilidad Web Workshop',
    hotel: 'Hotel Diagonales & Datos',
    kind: 'workshop',
    time: '15:00',
    description:
      'Learn to audit and fix a web app for WCAG 2.2: keyboard navigation, screen readers, colour contrast and accessible forms, on your own project.',
  },
  {
    name: 'Elixir & Erlang Meetup',
    hotel: 'San Telmo Hostel 404',
    kind: 'meetup',
    time: '19:00',
    description:
      'The BEAM community meets in San Telmo: a talk on Phoenix LiveView, another on fault-tolerant design and an empanada break.',
  },
  {
    name: 'Open Source Sprint Madryn',
    hotel: 'Hotel Golfo Nuevo Streams',
    kind: 'hackathon',
    time: '10:00',
    description:
      'A weekend to contribute to open source projects with their maintainers: good first issues, pairing sessions and a whale-watching break.',
  },
  {
    name: 'Frontend Salta',
    hotel: 'Casona Colonial Dev Inn',
    kind: 'meetup',
    time: '19:00',
    description:
      'Talks on CSS architecture, web components and testing user interfaces, in the courtyard of a colonial house.',
  },
  {
    name: 'Machine Learning Retreat Calafate',
    hotel: 'Glaciar Perito Moreno Retreat',
    kind: 'workshop',
    time: '09:00',
    description:
      'Three days of hands-on machine learning: from feature engineering to deploying models, with a glacier excursion in the middle.',
  },
  {
    name: 'Fintech & Payments Summit',
    hotel: 'Independencia Cloud Hotel',
    kind: 'conference',
    time: '09:00',
    description:
      'Payments, open banking and fraud prevention: how the region’s fintechs build reliable money movement, with a track on compliance.',
  },
  {
    name: 'IoT Hardware Hacking Iguazú',
    hotel: 'Lodge Cataratas Async',
    kind: 'workshop',
    time: '10:00',
    description:
      'Build sensors for the rainforest with microcontrollers and LoRa radios; kits provided, soldering stations for everyone.',
  },
  {
    name: 'QA & Testing Day Tucumán',
    hotel: 'Hotel Casa Histórica Devs',
    kind: 'conference',
    time: '09:30',
    description:
      'Talks on end-to-end testing, property-based tests, contract testing and building a quality culture in small teams.',
  },
];
