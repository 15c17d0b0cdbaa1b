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
    name: 'nodeconf argentina',
    hotel: 'hotel puerto madero stack',
    kind: 'conference',
    time: '09:00',
    description:
      'Two tracks of talks on Node.js, runtimes and the JavaScript ecosystem, with speakers from the core team and local companies. Lunch, coffee and an after-party on the docks included.',
  },
  {
    name: 'rust meetup córdoba',
    hotel: 'hotel cañada async',
    kind: 'meetup',
    time: '19:00',
    description:
      'Monthly Rust meetup: a talk on async runtimes, a lightning round of side projects and pizza. Beginners welcome; bring a laptop with rustup installed.',
  },
  {
    name: 'react buenos aires summit',
    hotel: 'recoleta kernel hotel',
    kind: 'conference',
    time: '09:30',
    description:
      'A one-day summit on React, server components and design systems, closing with a panel on web performance and accessibility.',
  },
  {
    name: 'hackathon patagonia open data',
    hotel: 'hotel cumbre del código',
    kind: 'hackathon',
    time: '10:00',
    description:
      'Forty-eight hours to build tools on the open data of national parks and tourism. Teams of up to five, mentors on site, prizes for the best civic project.',
  },
  {
    name: 'python rosario meetup',
    hotel: 'hotel oroño runtime',
    kind: 'meetup',
    time: '18:30',
    description:
      'Talks on data pipelines with Python, typing in large codebases and a live coding session. Followed by beers by the river.',
  },
  {
    name: 'kubernetes cuyo day',
    hotel: 'hotel aconcagua bytes',
    kind: 'conference',
    time: '09:00',
    description:
      'A day on cloud-native operations: clusters at scale, observability and cost control, with case studies from companies in the Cuyo region.',
  },
  {
    name: 'go meetup mendoza',
    hotel: 'malbec merge suites',
    kind: 'meetup',
    time: '19:30',
    description:
      'Gophers of Mendoza meet to talk about concurrency patterns, generics in practice and the tooling they use every day, with a wine tasting to close.',
  },
  {
    name: 'devops fin del mundo',
    hotel: 'hotel fin del mundo uptime',
    kind: 'conference',
    time: '10:00',
    description:
      'The southernmost DevOps conference: incident stories, platform engineering and reliability, with a boat trip on the Beagle Channel for speakers and attendees.',
  },
  {
    name: 'typescript avanzado workshop',
    hotel: 'palermo commit suites',
    kind: 'workshop',
    time: '14:00',
    description:
      'A hands-on afternoon on advanced TypeScript: generics, conditional and template literal types, and typing a real API end to end. Laptops required.',
  },
  {
    name: 'ai & llm hack night',
    hotel: 'hotel villa crespo loop',
    kind: 'hackathon',
    time: '18:00',
    description:
      'An overnight hack on retrieval, structured output and evaluation of language models. Compute credits for every team and breakfast at dawn.',
  },
  {
    name: 'data engineering norte',
    hotel: 'cerro san bernardo suites',
    kind: 'conference',
    time: '09:00',
    description:
      'The data community of northern Argentina meets for talks on lakehouses, streaming and data quality, with workshops in the afternoon.',
  },
  {
    name: 'flutter meetup tucumán',
    hotel: 'suites parque 9 de julio',
    kind: 'meetup',
    time: '19:00',
    description:
      'Mobile developers share what they learned shipping Flutter apps: state management, testing and publishing to both stores.',
  },
  {
    name: 'ctf mar del plata',
    hotel: 'hotel playa grande ping',
    kind: 'hackathon',
    time: '11:00',
    description:
      'A capture-the-flag security competition by the sea: web, crypto, reversing and forensics challenges for teams of up to four.',
  },
  {
    name: 'postgresql day argentina',
    hotel: 'costanera compiler hotel',
    kind: 'conference',
    time: '09:30',
    description:
      'Talks on query planning, indexing, replication and running PostgreSQL in production, from contributors and the teams who operate it.',
  },
  {
    name: 'women in tech córdoba',
    hotel: 'nueva córdoba devhouse',
    kind: 'meetup',
    time: '18:30',
    description:
      'An evening of talks and mentoring circles by women in software, open to everyone who wants to build a more diverse industry.',
  },
  {
    name: 'game jam neuquén',
    hotel: 'hotel confluencia cluster',
    kind: 'hackathon',
    time: '17:00',
    description:
      'Make a game in a weekend around a theme revealed at the opening. Artists, musicians and programmers welcome; playtesting on Sunday afternoon.',
  },
  {
    name: 'cloud native patagonia',
    hotel: 'nahuel huapi remote lodge',
    kind: 'conference',
    time: '09:00',
    description:
      'Containers, service meshes and serverless, with a view of the lake. Talks in the morning, open spaces after lunch and a hike on the last day.',
  },
  {
    name: 'accesibilidad web workshop',
    hotel: 'hotel diagonales & datos',
    kind: 'workshop',
    time: '15:00',
    description:
      'Learn to audit and fix a web app for WCAG 2.2: keyboard navigation, screen readers, colour contrast and accessible forms, on your own project.',
  },
  {
    name: 'elixir & erlang meetup',
    hotel: 'san telmo hostel 404',
    kind: 'meetup',
    time: '19:00',
    description:
      'The BEAM community meets in San Telmo: a talk on Phoenix LiveView, another on fault-tolerant design and an empanada break.',
  },
  {
    name: 'open source sprint madryn',
    hotel: 'hotel golfo nuevo streams',
    kind: 'hackathon',
    time: '10:00',
    description:
      'A weekend to contribute to open source projects with their maintainers: good first issues, pairing sessions and a whale-watching break.',
  },
  {
    name: 'frontend salta',
    hotel: 'casona colonial dev inn',
    kind: 'meetup',
    time: '19:00',
    description:
      'Talks on CSS architecture, web components and testing user interfaces, in the courtyard of a colonial house.',
  },
  {
    name: 'machine learning retreat calafate',
    hotel: 'glaciar perito moreno retreat',
    kind: 'workshop',
    time: '09:00',
    description:
      'Three days of hands-on machine learning: from feature engineering to deploying models, with a glacier excursion in the middle.',
  },
  {
    name: 'fintech & payments summit',
    hotel: 'independencia cloud hotel',
    kind: 'conference',
    time: '09:00',
    description:
      'Payments, open banking and fraud prevention: how the region’s fintechs build reliable money movement, with a track on compliance.',
  },
  {
    name: 'iot hardware hacking iguazú',
    hotel: 'lodge cataratas async',
    kind: 'workshop',
    time: '10:00',
    description:
      'Build sensors for the rainforest with microcontrollers and LoRa radios; kits provided, soldering stations for everyone.',
  },
  {
    name: 'qa & testing day tucumán',
    hotel: 'hotel casa histórica devs',
    kind: 'conference',
    time: '09:30',
    description:
      'Talks on end-to-end testing, property-based tests, contract testing and building a quality culture in small teams.',
  },
];
