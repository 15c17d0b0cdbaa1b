import { ensureDemoAccounts } from '@devstay/demo-data/ensure-demo-accounts';
import { searchKey } from '@devstay/shared/text';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { freePort } from '../lib/free-port.ts';
import { announceCatalogueChange } from '../plugins/catalogue-cache.ts';
import { DEMO, signIn, withSession } from '../test/auth.ts';
import { insertLocation, insertStoredPicture, uniqueToken } from '../test/catalogue-rows.ts';
import { ensurePackagedPostgres, startPackagedReplicaPair } from '../test/packaged-postgres.ts';
import { createDb, type Db } from './client.ts';
import { createDatabaseIfMissing } from './embedded.ts';
import { migrateDb } from './migrate.ts';
import { createReplicaReads, lsnValue } from './replica-reads.ts';
import { hotels } from './schema.ts';

/**
 * A real primary and a real streaming replica of it (two PostgreSQL servers of Debian's
 * packages), and two API processes' applications reading the catalogue from the replica. The
 * replica's replay is paused (`pg_wal_replay_pause()`) to hold it behind: a hotel renamed by an
 * admin is seen at once by the writer and by the other process, and no cache is filled again
 * from the replica that has not replayed the rename.
 */

let stopServers = async () => {};
let primary: Db;
let replica: pg.Client;
let replicaUrl: string;
let primaryUrl: string;
const apps: { app: FastifyInstance; db: Db }[] = [];
let writer: FastifyInstance;
let other: FastifyInstance;
let superAdmin: string;
let locationId: number;

async function startApp(
  replicaAt: string,
  env: Record<string, string> = {},
): Promise<FastifyInstance> {
  const db = createDb(primaryUrl, 4);
  const app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: primaryUrl,
      DATABASE_REPLICA_URL: replicaAt,
      UPLOADS_DIR: inject('uploadsDir'),
      WEB_DIST_DIR: '/nonexistent',
      ...env,
    }),
    db,
    workers: false,
  });
  await app.ready();
  apps.push({ app, db });
  return app;
}

/** Waits until the replica has replayed everything the primary has written so far. */
async function replicaCaughtUp() {
  const [row] = (
    await primary.execute<{ lsn: string }>(sql`select pg_current_wal_lsn()::text as lsn`)
  ).rows;
  const target = lsnValue(row?.lsn ?? '0/0');
  const started = Date.now();
  for (;;) {
    const replayed = await replica.query<{ lsn: string }>(
      'select pg_last_wal_replay_lsn()::text as lsn',
    );
    if (lsnValue(replayed.rows[0]?.lsn ?? '0/0') >= target) return;
    expect(Date.now() - started, 'the replica replays the primary').toBeLessThan(20_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Waits until `app` reads from the replica again: the positions of the changes it heard are
 * read in the background, and one read after the replica was seen caught up may still find one
 * outstanding. Reads a hotel's rooms (an answer no cache keeps).
 */
async function readsFromReplica(app: FastifyInstance, hotelId: number) {
  const started = Date.now();
  for (;;) {
    const before = { ...app.catalogue.readsRouted };
    const res = await app.inject({ method: 'GET', url: `/api/rooms/allRooms/${hotelId}` });
    expect(res.statusCode, res.body).toBe(200);
    const after = app.catalogue.readsRouted;
    if (after.replica > before.replica && after.primary === before.primary) return;
    expect(Date.now() - started, 'reads go back to the replica').toBeLessThan(10_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const pauseReplay = () => replica.query('select pg_wal_replay_pause()');
const resumeReplay = () => replica.query('select pg_wal_replay_resume()');

async function hotelName(app: FastifyInstance, id: number): Promise<string> {
  const res = await app.inject({ method: 'GET', url: `/api/hotels/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { name: string }).name;
}

/** A hotel made by the superAdmin through the content routes: its editable record. */
async function createdHotel(): Promise<Record<string, unknown> & { id: number; name: string }> {
  const picture = await insertStoredPicture(primary);
  const res = await writer.inject({
    method: 'POST',
    url: '/api/hotels',
    headers: withSession(superAdmin),
    payload: {
      name: `Hotel ${uniqueToken()}`,
      image: [picture],
      qualification: 4,
      description: 'By the river',
      address: 'Av. Colón 100',
      idLocation: locationId,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

beforeAll(async () => {
  const servers = await startPackagedReplicaPair(ensurePackagedPostgres());
  stopServers = servers.stop;
  await createDatabaseIfMissing(servers.primaryAdminUrl, 'devstay');
  primaryUrl = servers.primaryAdminUrl.replace(/\/postgres$/, '/devstay');
  replicaUrl = servers.replicaAdminUrl.replace(/\/postgres$/, '/devstay');
  primary = createDb(primaryUrl, 2);
  await migrateDb(primary);
  await ensureDemoAccounts(primary);
  locationId = (
    await insertLocation(primary, {
      state: 'Córdoba',
      department: `Depto ${uniqueToken()}`,
      city: `Villa ${uniqueToken()}`,
    })
  ).id;
  replica = new pg.Client({ connectionString: replicaUrl });
  // The database shows on the replica once it has replayed its creation.
  for (let tries = 0; ; tries += 1) {
    try {
      await replica.connect();
      break;
    } catch (error) {
      if (tries > 100) throw error;
      replica = new pg.Client({ connectionString: replicaUrl });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await replicaCaughtUp();
  writer = await startApp(replicaUrl);
  other = await startApp(replicaUrl);
  superAdmin = await signIn(writer, DEMO.superAdmin);
}, 180_000);

afterAll(async () => {
  await replica?.query('select pg_wal_replay_resume()').catch(() => {});
  for (const { app, db } of apps) {
    await app.close();
    await db.$client.end();
  }
  await replica?.end().catch(() => {});
  await primary?.$client.end();
  await stopServers();
});

describe('catalogue reads on a streaming replica', () => {
  test('with the replica caught up, catalogue reads come from it', async () => {
    const hotel = await createdHotel();
    await replicaCaughtUp();
    await readsFromReplica(other, hotel.id);
    // Held behind now: a row changed on the primary behind the caches' back shows that reads
    // come from the replica (which still has the old name).
    await pauseReplay();
    try {
      const hidden = `${hotel.name} unannounced`;
      await primary
        .update(hotels)
        .set({ name: hidden, nameKey: searchKey(hidden) })
        .where(eq(hotels.id, hotel.id));
      const before = { ...other.catalogue.readsRouted };
      expect(await hotelName(other, hotel.id)).toBe(hotel.name);
      expect(other.catalogue.readsRouted.replica).toBeGreaterThan(before.replica);
      expect(other.catalogue.readsRouted.primary).toBe(before.primary);
    } finally {
      await resumeReplay();
    }
  });

  test('a renamed hotel is seen at once by the writer and the other process while the replica is held behind, and no cache keeps the old name', async () => {
    const hotel = await createdHotel();
    await replicaCaughtUp();
    // Both processes keep the hotel from the replica.
    for (const app of [writer, other]) expect(await hotelName(app, hotel.id)).toBe(hotel.name);
    await pauseReplay();
    try {
      const renamed = `${hotel.name} renamed`;
      const put = await writer.inject({
        method: 'PUT',
        url: '/api/hotels',
        headers: withSession(superAdmin),
        payload: { ...hotel, name: renamed },
      });
      expect(put.statusCode, put.body).toBe(200);
      // The writer's next page, on either process, shows the new name: the replica has not
      // replayed it, so the reads that refill the caches go to the primary.
      const routed = { ...other.catalogue.readsRouted };
      for (const app of [writer, other]) expect(await hotelName(app, hotel.id)).toBe(renamed);
      expect(other.catalogue.readsRouted.primary).toBeGreaterThan(routed.primary);
      const stale = await replica.query<{ name: string }>('select name from hotels where id = $1', [
        hotel.id,
      ]);
      expect(stale.rows[0]?.name, 'the replica is still behind').toBe(hotel.name);
      // Lists and renders kept meanwhile show it too.
      const list = await other.inject({ method: 'GET', url: `/api/hotels?name=${renamed}` });
      expect(list.json()).toEqual([expect.objectContaining({ id: hotel.id, name: renamed })]);
    } finally {
      await resumeReplay();
    }
    await replicaCaughtUp();
    // Caught up, reads go back to the replica.
    await readsFromReplica(other, hotel.id);
    expect(await hotelName(other, hotel.id)).toBe(`${hotel.name} renamed`);
  });

  test('a change announced by another writer: no process refills its cache from the replica that has not replayed it', async () => {
    const hotel = await createdHotel();
    await replicaCaughtUp();
    for (const app of [writer, other]) expect(await hotelName(app, hotel.id)).toBe(hotel.name);
    await pauseReplay();
    const renamed = `${hotel.name} imported`;
    try {
      // A writer outside the API (the seed command) changes the row and announces it.
      await primary.transaction(async (tx) => {
        await tx
          .update(hotels)
          .set({ name: renamed, nameKey: searchKey(renamed) })
          .where(eq(hotels.id, hotel.id));
        await announceCatalogueChange(tx, { hotel: hotel.id });
      });
      // Once every process has heard it, each reads the new name, again and again.
      expect(await writer.changeNotices.settle()).toBe(true);
      for (let i = 0; i < 5; i += 1) {
        for (const app of [writer, other]) expect(await hotelName(app, hotel.id)).toBe(renamed);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await resumeReplay();
    }
    await replicaCaughtUp();
    for (const app of [writer, other]) expect(await hotelName(app, hotel.id)).toBe(renamed);
  });

  test('a read whose replica connection is cut under it is answered from the primary', async () => {
    const hotel = await createdHotel();
    await replicaCaughtUp();
    await readsFromReplica(other, hotel.id);
    const before = { ...other.catalogue.readsRouted };
    // As the replicas' door ends the sessions of a node that stops being a replica.
    // Sent now (a drizzle query runs once it is awaited).
    const read = other.catalogue.db
      .execute<{ one: number }>(sql`select 1 as one from pg_sleep(0.4)`)
      .then((result) => result.rows);
    let cut = 0;
    for (let tries = 0; cut === 0 && tries < 100; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      const ended = await replica.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where query like '%pg_sleep(0.4)%' and pid <> pg_backend_pid()`,
      );
      cut = ended.rowCount ?? 0;
    }
    expect(cut, 'the read was cut on the replica').toBe(1);
    expect(await read).toEqual([{ one: 1 }]);
    expect(other.catalogue.readsRouted.primary).toBeGreaterThan(before.primary);
  });

  test('a process started while the replica is held behind never serves a stale catalogue answer', async () => {
    const hotel = await createdHotel();
    await replicaCaughtUp();
    await pauseReplay();
    const renamed = `${hotel.name} before the start`;
    let started: FastifyInstance;
    try {
      // Committed before the process starts: no notice of it ever reaches the new process.
      await primary
        .update(hotels)
        .set({ name: renamed, nameKey: searchKey(renamed) })
        .where(eq(hotels.id, hotel.id));
      started = await startApp(replicaUrl);
      for (let i = 0; i < 3; i += 1) {
        expect(await hotelName(started, hotel.id)).toBe(renamed);
        const list = await started.inject({ method: 'GET', url: `/api/hotels?name=${renamed}` });
        expect(list.json()).toEqual([expect.objectContaining({ id: hotel.id, name: renamed })]);
      }
      const stale = await replica.query<{ name: string }>('select name from hotels where id = $1', [
        hotel.id,
      ]);
      expect(stale.rows[0]?.name, 'the replica is still behind').toBe(hotel.name);
      expect(started.catalogue.readsRouted.replica).toBe(0);
    } finally {
      await resumeReplay();
    }
    // Once the replica has replayed what came before the start, reads go to it.
    await replicaCaughtUp();
    await readsFromReplica(started, hotel.id);
  });

  test('before any position is known (no listener connected yet) catalogue reads go to the primary', async () => {
    await replicaCaughtUp();
    const reads = createReplicaReads({ primary, replicaUrl });
    try {
      await reads.db.execute(sql`select 1`);
      expect(reads.routed).toEqual({ replica: 0, primary: 1 });
      // The listener's connection, once made, has the primary's position read.
      reads.changeHeard();
      const started = Date.now();
      while (reads.routed.replica === 0) {
        expect(Date.now() - started, 'reads go to the replica').toBeLessThan(10_000);
        await new Promise((resolve) => setTimeout(resolve, 20));
        await reads.db.execute(sql`select 1`);
      }
    } finally {
      await reads.close();
    }
  });

  test('the lag gauges see a replica cut off from the primary', async () => {
    const watched = await startApp(replicaUrl, { METRICS_PORT: '0' });
    const lagNow = async () => {
      const res = await fetch(`http://127.0.0.1:${watched.metrics.address()?.port}/metrics`);
      const text = await res.text();
      expect(res.status).toBe(200);
      const sample = (name: string) => Number(text.match(new RegExp(`^${name} (\\S+)$`, 'm'))?.[1]);
      return {
        bytes: sample('devstay_replica_lag_bytes'),
        seconds: sample('devstay_replica_lag_seconds'),
        up: sample('devstay_database_gauges_up\\{database="replica"\\}'),
      };
    };
    await replicaCaughtUp();
    const [setting] = (await replica.query<{ primary_conninfo: string }>('show primary_conninfo'))
      .rows;
    // Cut off: the replica stops receiving from the primary, which goes on writing.
    await replica.query(`alter system set primary_conninfo = ''`);
    await replica.query('select pg_reload_conf()');
    try {
      for (let tries = 0; ; tries += 1) {
        const receivers = await replica.query('select 1 from pg_stat_wal_receiver');
        if (receivers.rowCount === 0) break;
        expect(tries, 'the replica stops receiving').toBeLessThan(200);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await createdHotel();
      const cutOff = await lagNow();
      expect(cutOff.up).toBe(1);
      expect(cutOff.bytes).toBeGreaterThan(0);
      expect(cutOff.seconds).toBeGreaterThan(0);
      // The replica has replayed all it received: a measure taken on the replica alone reads 0.
      const [same] = (
        await replica.query<{ same: boolean }>(
          'select pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() as same',
        )
      ).rows;
      expect(same?.same).toBe(true);
    } finally {
      await replica.query(
        `alter system set primary_conninfo = ${replica.escapeLiteral(setting?.primary_conninfo ?? '')}`,
      );
      await replica.query('select pg_reload_conf()');
    }
    // Connected again and caught up: no lag.
    await replicaCaughtUp();
    for (let tries = 0; ; tries += 1) {
      const lag = await lagNow();
      if (lag.bytes === 0 && lag.seconds === 0) break;
      expect(tries, 'the lag goes back to 0').toBeLessThan(200);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  test('a replica that cannot be reached leaves the catalogue to the primary', async () => {
    const hotel = await createdHotel();
    const away = await startApp(`postgres://devstay@127.0.0.1:${await freePort()}/devstay`);
    expect(await hotelName(away, hotel.id)).toBe(hotel.name);
    expect(away.catalogue.readsRouted.primary).toBeGreaterThan(0);
    expect(away.catalogue.readsRouted.replica).toBe(0);
  });
});
