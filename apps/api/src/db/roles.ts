// The database's two roles where the API runs beside an owner (the cluster,
// docs/operations.md): the owner, who runs the migrations and owns every table, and the
// application's role, which reads and writes rows and owns nothing, so no request can change the
// schema. `npm start`'s embedded database keeps one role for both.
import pg from 'pg';

/** @internal */
export interface DatabaseRoles {
  database: string;
  owner: { name: string; password: string };
  app: { name: string; password: string };
}

/**
 * Makes (or brings a database made before them to) the roles: logins with their passwords, the
 * database owned by `owner`, and what `owner` owns or will make in schema public readable and
 * writable by `app`. Idempotent. `adminUrl`: a superuser on the server's `postgres` database.
 * @internal
 */
export async function ensureDatabaseRoles(adminUrl: string, roles: DatabaseRoles): Promise<void> {
  // A server still starting (a node back from a power loss) fails the call, not hangs it.
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  await admin.connect();
  const id = (name: string) => admin.escapeIdentifier(name);
  const owner = id(roles.owner.name);
  const app = id(roles.app.name);
  try {
    for (const role of [roles.owner, roles.app]) {
      const found = await admin.query('select 1 from pg_roles where rolname = $1', [role.name]);
      const verb = found.rowCount === 0 ? 'create' : 'alter';
      await admin.query(
        `${verb} role ${id(role.name)} login nosuperuser nocreatedb nocreaterole password ${admin.escapeLiteral(role.password)}`,
      );
    }
    const database = await admin.query<{ owner: string }>(
      'select pg_get_userbyid(datdba) as owner from pg_database where datname = $1',
      [roles.database],
    );
    const formerOwner = database.rows[0]?.owner;
    if (formerOwner === undefined) {
      await admin.query(`create database ${id(roles.database)} owner ${owner}`);
    } else if (formerOwner !== roles.owner.name) {
      await admin.query(`alter database ${id(roles.database)} owner to ${owner}`);
    }
    const url = new URL(adminUrl);
    url.pathname = `/${roles.database}`;
    const inDatabase = new pg.Client({
      connectionString: url.toString(),
      connectionTimeoutMillis: 5000,
    });
    await inDatabase.connect();
    try {
      // A database made when the application's role owned it: what it made passes to the owner.
      if (formerOwner === roles.app.name) {
        await inDatabase.query(`reassign owned by ${app} to ${owner}`);
      }
      await inDatabase.query(`revoke all on database ${id(roles.database)} from public`);
      await inDatabase.query(
        `grant connect, temporary on database ${id(roles.database)} to ${app}`,
      );
      await inDatabase.query(`revoke create on schema public from public, ${app}`);
      await inDatabase.query(`grant usage on schema public to ${app}`);
      await inDatabase.query(
        `grant select, insert, update, delete on all tables in schema public to ${app}`,
      );
      await inDatabase.query(
        `grant usage, select, update on all sequences in schema public to ${app}`,
      );
      // What later migrations make, as the owner, is granted as it is made.
      await inDatabase.query(
        `alter default privileges for role ${owner} in schema public grant select, insert, update, delete on tables to ${app}`,
      );
      await inDatabase.query(
        `alter default privileges for role ${owner} in schema public grant usage, select, update on sequences to ${app}`,
      );
    } finally {
      await inDatabase.end();
    }
  } finally {
    await admin.end();
  }
}
