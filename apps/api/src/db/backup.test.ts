import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig, ROOT_DIR } from '../config.ts';
import { CROWD_LIMITS, createTestDatabase } from '../test/app.ts';
import { signUp } from '../test/auth.ts';
import {
  inDays,
  payByCard,
  placeHold,
  roomWithStock,
  TEST_CARD,
} from '../test/booking-fixtures.ts';
import { ensurePackagedPostgres, startPackagedPostgres } from '../test/packaged-postgres.ts';
import {
  backupDatabase,
  DatabaseNotEmptyError,
  findPgTool,
  restoreDatabase,
  serverMajor,
} from './backup.ts';
import { createDb, type Db } from './client.ts';
import { createDatabaseIfMissing } from './embedded.ts';
import { migrateDb } from './migrate.ts';

const run = promisify(execFile);

/**
 * A database to back up and an empty one to restore into, on a real PostgreSQL whose pg_dump
 * and pg_restore are on this machine: the tests' own server when its version's tools are
 * here, else a throwaway server of Debian's packages with the tools of its version.
 */
let adminUrl: string;
let sourceUrl: string;
let stopServer = async () => {};
let db: Db;
let app: FastifyInstance;
let work: string;

const databaseOn = (admin: string, name: string) => admin.replace(/\/postgres$/, `/${name}`);

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'devstay-backup-'));
  const testAdmin = inject('adminUrl');
  const toolsForTestServer = await findPgTool('pg_dump', await serverMajor(testAdmin)).then(
    () => true,
    () => false,
  );
  if (toolsForTestServer) {
    adminUrl = testAdmin;
    sourceUrl = await createTestDatabase();
  } else {
    const server = await startPackagedPostgres(ensurePackagedPostgres());
    stopServer = server.stop;
    adminUrl = server.adminUrl;
    sourceUrl = databaseOn(adminUrl, 'devstay_source');
    await createDatabaseIfMissing(adminUrl, 'devstay_source');
  }
  db = createDb(sourceUrl, 4);
  await migrateDb(db);
  app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: sourceUrl,
      UPLOADS_DIR: inject('uploadsDir'),
      WEB_DIST_DIR: '/nonexistent',
      ...CROWD_LIMITS,
    }),
    db,
    workers: false,
  });
  await app.ready();
}, 300_000);

afterAll(async () => {
  await app?.close();
  await db?.$client.end();
  await stopServer();
  await rm(work, { recursive: true, force: true });
});

/** Every user, booking, payment and ledger night, as rows to compare. */
async function contents(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows = async (query: string) => (await client.query(query)).rows;
    return {
      users: await rows('select * from users order by id'),
      bookings: await rows(
        'select id, user_id, status, total_cents, hold_expires_at from bookings order by id',
      ),
      lines: await rows('select * from booking_lines order by 1'),
      payments: await rows('select id, booking_id, status, amount_cents from payments order by id'),
      nights: await rows('select * from room_nights order by 1, 2'),
    };
  } finally {
    await client.end();
  }
}

async function bookAndPay(cookie: string, roomId: number, from: number) {
  const booking = await placeHold(app, cookie, [
    { id: roomId, checkIn: inDays(from), checkOut: inDays(from + 3), cartQuantity: 1 },
  ]);
  const paid = await payByCard(app, cookie, booking.id, TEST_CARD);
  expect(paid.statusCode, paid.body).toBe(200);
}

describe('backup and restore', () => {
  test('a backup restored into an empty database holds every user, booking, payment and night', async () => {
    const { room } = await roomWithStock(db, 5, 20_000);
    for (let i = 0; i < 3; i++) {
      const { cookie } = await signUp(app, `backup.${i}.${randomUUID()}@devstay.dev`);
      await bookAndPay(cookie, room.id, 2 + i);
    }
    const before = await contents(sourceUrl);
    expect(before.payments.filter((p) => p.status === 'captured')).toHaveLength(3);
    expect(before.nights.length).toBeGreaterThan(0);

    const file = path.join(work, 'devstay.dump');
    await backupDatabase(sourceUrl, file);
    // pg_dump's custom format.
    expect((await readFile(file)).subarray(0, 5).toString()).toBe('PGDMP');

    await createDatabaseIfMissing(adminUrl, 'devstay_restored');
    const restoredUrl = databaseOn(adminUrl, 'devstay_restored');
    await restoreDatabase(restoredUrl, file);
    expect(await contents(restoredUrl)).toEqual(before);

    // Not over what is there, unless asked to replace it.
    await expect(restoreDatabase(restoredUrl, file)).rejects.toThrow(DatabaseNotEmptyError);
    await expect(restoreDatabase(restoredUrl, file)).rejects.toThrow('pass --clean');
    await restoreDatabase(restoredUrl, file, { clean: true });
    expect(await contents(restoredUrl)).toEqual(before);
  });

  test('npm run db:backup and db:restore work on DATABASE_URL; restore refuses a database in use', async () => {
    const cli = path.join(ROOT_DIR, 'apps/api/src/db/backup-cli.ts');
    const file = path.join(work, 'cli.dump');
    const env = { ...process.env, DATABASE_URL: sourceUrl };
    const backedUp = await run(process.execPath, [cli, 'backup', '--out', file], { env });
    expect(backedUp.stdout).toContain(`Backed up to ${file}`);

    const refused = await run(process.execPath, [cli, 'restore', '--from', file], { env }).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused?.code).toBe(1);
    expect(refused?.stderr).toContain('is not empty');
    expect(refused?.stderr).toContain('--clean');

    await createDatabaseIfMissing(adminUrl, 'devstay_cli');
    const emptyUrl = databaseOn(adminUrl, 'devstay_cli');
    await run(process.execPath, [cli, 'restore', '--from', file], {
      env: { ...process.env, DATABASE_URL: emptyUrl },
    });
    expect(await contents(emptyUrl)).toEqual(await contents(sourceUrl));
  });
});
