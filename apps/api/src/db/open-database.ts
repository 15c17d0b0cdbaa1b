import type { StartLog } from '../lib/start-steps.ts';
import { createDb, type Db } from './client.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './embedded.ts';
import { migrateDb } from './migrate.ts';

export interface OpenDatabaseOptions {
  /** Any PostgreSQL 15+. Unset: an embedded PostgreSQL is started with the options below. */
  databaseUrl?: string;
  /**
   * The database's owner, for the migrations only, where `databaseUrl`'s role may not change
   * the schema (db/roles.ts). Unset: the migrations run on `databaseUrl`.
   */
  migrationUrl?: string;
  dataDir: string;
  port: number;
  /** The database of the embedded server; 'devstay' unless told. */
  database?: string;
  /** false: the embedded server's data folder is removed on close (throwaway clusters). */
  persistent?: boolean;
  /** Connections in the pool. */
  poolSize?: number;
  /** Said instead of the bare error when the embedded server does not start. */
  embeddedStartFailure?: string;
  /** Told how long the server's start and the migrations took. */
  log?: StartLog;
}

export interface OpenDatabase {
  db: Db;
  url: string;
  /** Whether an embedded PostgreSQL was started (rather than DATABASE_URL used). */
  embedded: boolean;
  /** Ends the pool, then stops the embedded server if one was started. Never throws. */
  close(): Promise<void>;
}

/** The database ready for use: the embedded PostgreSQL started unless a URL is given, migrated. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<OpenDatabase> {
  let server: EmbeddedDatabase | undefined;
  const log = options.log ?? (() => {});
  const started = performance.now();
  if (!options.databaseUrl) {
    try {
      server = await startEmbeddedPostgres({
        dataDir: options.dataDir,
        port: options.port,
        database: options.database ?? 'devstay',
        persistent: options.persistent,
      });
    } catch (error) {
      if (!options.embeddedStartFailure) throw error;
      throw new Error(options.embeddedStartFailure, { cause: error });
    }
    log('PostgreSQL ready', started, server?.created ? 'a new cluster' : undefined);
  }
  const url = options.databaseUrl ?? server?.url;
  if (!url) throw new Error('No database');

  const db = createDb(url, options.poolSize);
  const close = async () => {
    await db.$client.end().catch(() => {});
    // A connection still closing when the server stops reports an error: expected by now.
    db.$client.removeAllListeners('error').on('error', () => {});
    await server?.stop().catch(() => {});
  };
  try {
    const migrating = performance.now();
    if (options.migrationUrl) {
      const owner = createDb(options.migrationUrl, 1);
      try {
        await migrateDb(owner);
      } finally {
        await owner.$client.end().catch(() => {});
      }
    } else {
      await migrateDb(db);
    }
    log('migrations applied', migrating);
  } catch (error) {
    await close();
    throw error;
  }
  return { db, url, embedded: server !== undefined, close };
}
