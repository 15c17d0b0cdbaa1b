/**
 * `npm run seed [-- --hotels 100000]`: starts the database (embedded unless DATABASE_URL is set),
 * applies the migrations, seeds the demo data when the database is empty, then optionally adds a
 * large synthetic catalogue for benchmarks. Prints counts and timings, stops the database.
 */
import { parseArgs } from 'node:util';
import { errorMessage } from '@devstay/shared/error-message';

const USAGE = `Usage: npm run seed [-- --hotels <count>]

Seeds the demo data on an empty database. With --hotels, also adds that many synthetic hotels
(1 to 1,000,000) for benchmarks.`;

function parseCli(argv: string[]): { hotels?: number } | { help: true } {
  const { values } = parseArgs({
    args: argv,
    options: { hotels: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    strict: true,
  });
  if (values.help) return { help: true };
  if (values.hotels === undefined) return {};
  const raw = values.hotels.replace(/[_,]/g, '');
  const hotels = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(hotels) || hotels < 1 || hotels > 1_000_000) {
    throw new Error(`--hotels must be a whole number from 1 to 1000000, not "${values.hotels}"`);
  }
  return { hotels };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main() {
  let options: ReturnType<typeof parseCli>;
  try {
    options = parseCli(process.argv.slice(2));
  } catch (error) {
    console.error(`${errorMessage(error)}\n\n${USAGE}`);
    // process.exit, not exitCode: the embedded server's exit hook would turn the code into 0.
    process.exit(2);
  }
  if ('help' in options) {
    console.log(USAGE);
    return;
  }

  // Loaded once the arguments are known good: a typo is reported at once.
  const [
    { loadConfig },
    { openDatabase },
    { imageStorageOf },
    { seedIfEmpty },
    { seedLargeCatalogue },
  ] = await Promise.all([
    import('@devstay/api/config'),
    import('@devstay/api/db/open-database'),
    import('@devstay/api/modules/images/configured-storage'),
    import('./demo.ts'),
    import('./large.ts'),
  ]);
  const config = loadConfig();
  const storage = imageStorageOf(config);
  const started = performance.now();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.PG_DATA_DIR,
    port: config.PG_PORT,
    poolSize: 2,
  });
  const { db } = database;
  try {
    console.log(
      `database ready (${database.embedded ? 'embedded PostgreSQL' : 'DATABASE_URL'}) in ${seconds(performance.now() - started)}`,
    );

    const demo = await seedIfEmpty(db, { storage });
    if (demo.seeded && demo.counts) {
      const c = demo.counts;
      console.log(
        `demo seed in ${seconds(demo.ms)}: ${c.locations} locations, ${c.hotels} hotels, ${c.rooms} rooms, ` +
          `${c.roomServices} room services, ${c.hotelServices} hotel services, ${c.events} events, ` +
          `${c.reviews} reviews, ${c.images} images (${demo.imagesRendered} drawn, ` +
          `${demo.imagesCached} from the cache, ${demo.imagesReused} already there)`,
      );
    } else {
      console.log('demo seed: the database already has hotels, left as it is');
    }

    if (options.hotels) {
      console.log(`adding ${options.hotels} synthetic hotels…`);
      const large = await seedLargeCatalogue(db, {
        hotels: options.hotels,
        storage,
      });
      console.log(
        `large catalogue in ${seconds(large.ms)}: ${large.hotels} hotels, ${large.rooms} rooms, ` +
          `${large.roomServiceLinks} room-service links, ${large.hotelServices} hotel services`,
      );
      console.log(
        `  steps: ${Object.entries(large.steps)
          .map(([name, ms]) => `${name} ${seconds(ms)}`)
          .join(', ')}${large.foreignKeyChecksSkipped ? ' (foreign-key checks skipped)' : ''}`,
      );
    }

    // Running API processes drop what they cached of the catalogue.
    if (demo.seeded || options.hotels) {
      const { announceCatalogueChange } = await import('@devstay/api/plugins/catalogue-cache');
      await announceCatalogueChange(db, { everything: true });
    }

    const totals = await db.$client.query<Record<string, number>>(
      `select (select count(*) from locations)::int as locations, (select count(*) from hotels)::int as hotels,
              (select count(*) from rooms)::int as rooms, (select count(*) from events)::int as events,
              (select count(*) from reviews)::int as reviews, (select count(*) from images)::int as images`,
    );
    const t = totals.rows[0] ?? {};
    console.log(
      `database now: ${Object.entries(t)
        .map(([k, v]) => `${v} ${k}`)
        .join(', ')} (total ${seconds(performance.now() - started)})`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(errorMessage(error));
  if (error instanceof Error && error.cause) console.error(error.cause);
  process.exit(1);
});
