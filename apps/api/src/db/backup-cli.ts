// `npm run db:backup [-- --out FILE]` and `npm run db:restore -- --from FILE [--clean]`: the
// database of DATABASE_URL, or the embedded one (started for the while if it is not running).
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { errorMessage } from '@devstay/shared/error-message';
import pg from 'pg';
import { loadConfig, ROOT_DIR } from '../config.ts';
import { backupDatabase, restoreDatabase } from './backup.ts';
import { embeddedDatabaseUrl, startEmbeddedPostgres } from './embedded.ts';

const EMBEDDED_DATABASE = 'devstay';

/** Where backups go unless --out says otherwise. */
const BACKUP_DIR = path.join(ROOT_DIR, '.data/backups');

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** The database to work on, and how to let it go. */
async function database(): Promise<{ url: string; release(): Promise<void> }> {
  const config = loadConfig();
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, release: async () => {} };
  const url = embeddedDatabaseUrl(config.PG_PORT, EMBEDDED_DATABASE);
  // `npm start` is running: its server is used as it is.
  if (await reachable(url)) return { url, release: async () => {} };
  const server = await startEmbeddedPostgres({
    dataDir: config.PG_DATA_DIR,
    port: config.PG_PORT,
    database: EMBEDDED_DATABASE,
  });
  return { url: server.url, release: () => server.stop() };
}

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  const { values } = parseArgs({
    args: rest,
    options: {
      out: { type: 'string' },
      from: { type: 'string' },
      clean: { type: 'boolean', default: false },
      force: { type: 'boolean', default: false },
    },
  });
  if (command !== 'backup' && command !== 'restore') {
    throw new Error('Usage: backup-cli.ts backup [--out FILE] | restore --from FILE [--clean]');
  }
  if (command === 'restore' && !values.from) {
    throw new Error('--from FILE is required: the backup to restore (e.g. .data/backups/….dump)');
  }
  const { url, release } = await database();
  try {
    if (command === 'backup') {
      const file = path.resolve(values.out ?? path.join(BACKUP_DIR, `${stamp()}.dump`));
      await mkdir(path.dirname(file), { recursive: true });
      const tool = await backupDatabase(url, file);
      console.log(`Backed up to ${file} (${tool})`);
    } else {
      const file = path.resolve(values.from ?? '');
      const tool = await restoreDatabase(url, file, { clean: values.clean || values.force });
      console.log(`Restored ${file} (${tool})`);
    }
  } finally {
    await release();
  }
}

main().catch((error) => {
  console.error(errorMessage(error));
  const stderr = (error as { stderr?: string }).stderr;
  if (stderr) console.error(stderr.trim());
  process.exit(1);
});
