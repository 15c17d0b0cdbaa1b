import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, expect, inject, test } from 'vitest';
import { openDatabase } from './open-database.ts';
import { type DatabaseRoles, ensureDatabaseRoles } from './roles.ts';

// The cluster's two roles on the test server: the migrations run as the owner, the application's
// role reads and writes rows and may change no table.
const adminUrl = inject('adminUrl');
const suffix = randomBytes(4).toString('hex');
const roles: DatabaseRoles = {
  database: `devstay_roles_${suffix}`,
  owner: { name: `owner_${suffix}`, password: randomBytes(12).toString('hex') },
  app: { name: `app_${suffix}`, password: randomBytes(12).toString('hex') },
};
const urlOf = (role: { name: string; password: string }) => {
  const url = new URL(adminUrl);
  url.username = role.name;
  url.password = role.password;
  url.pathname = `/${roles.database}`;
  return url.toString();
};

async function asAdmin<T>(text: string, database = 'postgres'): Promise<pg.QueryResult> {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await client.query<T & pg.QueryResultRow>(text);
  } finally {
    await client.end();
  }
}

/** The SQLSTATE `text` fails with as `role` (undefined when it runs). */
async function refusal(role: { name: string; password: string }, text: string) {
  const client = new pg.Client({ connectionString: urlOf(role) });
  await client.connect();
  try {
    await client.query(text);
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code;
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  await asAdmin(`drop database if exists ${roles.database} with (force)`);
  await asAdmin(`drop role if exists ${roles.app.name}`);
  await asAdmin(`drop role if exists ${roles.owner.name}`);
});

test('the migrations run as the owner; the application role reads and writes rows and changes no table, also on tables made after it was granted', async () => {
  // A database made as it was before the roles: the application's role owning it.
  await asAdmin(`create role ${roles.app.name} login password '${roles.app.password}'`);
  await asAdmin(`create database ${roles.database} owner ${roles.app.name}`);
  await asAdmin('create table early (id int)', roles.database);
  await asAdmin(`alter table early owner to ${roles.app.name}`, roles.database);

  await ensureDatabaseRoles(adminUrl, roles);
  // Twice: every start of the cluster runs it.
  await ensureDatabaseRoles(adminUrl, roles);

  const opened = await openDatabase({
    databaseUrl: urlOf(roles.app),
    migrationUrl: urlOf(roles.owner),
    dataDir: '/nonexistent',
    port: 0,
    poolSize: 2,
  });
  await opened.close();

  const owners = await asAdmin<{ database: string; by_app: number; tables: number }>(
    `select pg_get_userbyid(datdba) as database,
       (select count(*)::int from pg_tables where schemaname = 'public' and tableowner = '${roles.app.name}') as by_app,
       (select count(*)::int from pg_tables where schemaname = 'public') as tables
     from pg_database where datname = current_database()`,
    roles.database,
  );
  expect(owners.rows[0]).toMatchObject({ database: roles.owner.name, by_app: 0 });
  expect(owners.rows[0]?.tables).toBeGreaterThan(10);

  // Rows: read and written, in the tables the migrations made and in the one made before.
  expect(await refusal(roles.app, 'select count(*) from hotels')).toBeUndefined();
  expect(await refusal(roles.app, 'update hotels set name = name where false')).toBeUndefined();
  expect(await refusal(roles.app, 'insert into early values (1)')).toBeUndefined();
  // The schema: never (42501, insufficient privilege).
  expect(await refusal(roles.app, 'create table intruder (id int)')).toBe('42501');
  expect(await refusal(roles.app, 'alter table hotels add column intruder int')).toBe('42501');
  expect(await refusal(roles.app, 'drop table early')).toBe('42501');
  // A table a later migration makes, as the owner, is the application's to read and write.
  expect(await refusal(roles.owner, 'create table later (id int)')).toBeUndefined();
  expect(await refusal(roles.app, 'insert into later values (1)')).toBeUndefined();

  // Without the owner's address the application's role cannot migrate at all.
  await expect(
    openDatabase({ databaseUrl: urlOf(roles.app), dataDir: '/nonexistent', port: 0, poolSize: 1 }),
  ).rejects.toMatchObject({ cause: { code: '42501' } });
});
