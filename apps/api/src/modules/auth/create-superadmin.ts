/**
 * `npm run create-superadmin -- --email <email> --password <password>`: creates a superAdmin
 * (e-mail verified), or makes an existing account a superAdmin with this password (signing it
 * out everywhere). Uses DATABASE_URL, or starts the embedded PostgreSQL (stop the server first).
 */
import { parseArgs } from 'node:util';
import { signInBody } from '@devstay/shared/contracts/auth';
import { errorMessage } from '@devstay/shared/error-message';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/open-database.ts';
import { ensureSuperAdmin } from './accounts.ts';

const USAGE = `Usage: npm run create-superadmin -- --email <email> --password <password>

Creates a superAdmin account, or makes the account with that e-mail a superAdmin and sets its
password. The password needs at least 6 characters.`;

function parseCli(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) return { help: true as const };
  const parsed = signInBody.safeParse({
    email: values.email ?? '',
    password: values.password ?? '',
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`--${String(issue?.path[0])}: ${issue?.message}`);
  }
  return parsed.data;
}

async function main() {
  let options: ReturnType<typeof parseCli>;
  try {
    options = parseCli(process.argv.slice(2));
  } catch (error) {
    console.error(`${errorMessage(error)}\n\n${USAGE}`);
    process.exit(2);
  }
  if ('help' in options) {
    console.log(USAGE);
    return;
  }

  const config = loadConfig();
  const { db, close } = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.PG_DATA_DIR,
    port: config.PG_PORT,
    poolSize: 2,
    embeddedStartFailure:
      'Could not start the embedded PostgreSQL. If DevStay is running, stop it first, or set ' +
      'SUPERADMIN_EMAIL and SUPERADMIN_PASSWORD and restart it; with your own PostgreSQL, set DATABASE_URL.',
  });
  try {
    const outcome = await ensureSuperAdmin(db, { ...options, resetPassword: true });
    const what = {
      created: 'created',
      promoted: 'is now a superAdmin, with the new password',
      unchanged: 'was already a superAdmin; its password is updated',
    }[outcome];
    console.log(`superAdmin ${options.email} ${what}.`);
  } finally {
    await close();
  }
}

main().catch((error) => {
  console.error(errorMessage(error));
  if (error instanceof Error && error.cause) console.error(error.cause);
  process.exit(1);
});
