// Doors drill: each door between the cluster's parts is tried without its credential and must
// refuse, and with it and must admit (so a refusal is the missing credential's, not a door that
// is shut or a wrong port): PostgreSQL without TLS and without the password, through a node and
// through HAProxy; replication without TLS; Patroni's REST API's POST /failover and
// PATCH /config without the password, and without TLS; etcd's client and peer doors without a
// certificate, and with one from another CA; HAProxy's statistics without the password. Then
// what the roles may do (the API's owns nothing, the rewind user is no superuser) and the
// backups' modes (owner-only). Exits non-zero when a bar is not met.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Cluster } from './cluster.ts';
import { archiveNow, query, runDrill, verdict } from './drill.ts';
import { memberTls } from './etcd.ts';
import { statsDoor } from './haproxy.ts';
import { nodeBackupDir, nodeConfigFile, takeBackup } from './pgbackrest.ts';
import { USERS } from './secrets.ts';
import { caFile, httpsRequest, tlsDir, verifiedUrl } from './tls.ts';

type Bar = [string, boolean];
/** node-postgres passes `replication` to the server: 'true' asks for a physical replication connection. */
type DoorConfig = pg.ClientConfig & { replication?: string };

/** The error a connection attempt ended with, or undefined when it was admitted. */
async function pgRefusal(config: DoorConfig): Promise<string | undefined> {
  const client = new pg.Client({ ...config, connectionTimeoutMillis: 5000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query(config.replication ? 'IDENTIFY_SYSTEM' : 'select 1');
    return undefined;
  } catch (error) {
    const e = error as { code?: string; message: string };
    return `${e.code ? `${e.code} ` : ''}${e.message}`;
  } finally {
    await client.end().catch(() => {});
  }
}

/** A statement's error as `role` (undefined when it ran). */
async function statementRefusal(url: string, text: string): Promise<string | undefined> {
  try {
    await query(url, text);
    return undefined;
  } catch (error) {
    const e = error as { code?: string; message: string };
    return `${e.code ?? ''} ${e.message}`.trim();
  }
}

/** A door tried without (refused) and with (admitted) its credential, as two bars. */
function door(what: string, without: string | undefined, withIt: string | undefined): Bar[] {
  console.log(`${what}\n  without: ${without ?? 'ADMITTED'}\n  with:    ${withIt ?? 'admitted'}`);
  return [
    [`${what}: refused without it`, without !== undefined],
    [`${what}: admitted with it`, withIt === undefined],
  ];
}

/** An HTTPS request's status, or its error: `cert`/`key` as given (none: no certificate). */
function httpsTry(
  url: string,
  options: { ca: Buffer; cert?: Buffer; key?: Buffer; method?: string },
): Promise<string> {
  return new Promise((resolve) => {
    const req = request(url, { ...options, agent: false, timeout: 5000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(String(res.statusCode)));
    });
    req.on('timeout', () => req.destroy(new Error('no answer')));
    req.on('error', (error: NodeJS.ErrnoException) =>
      resolve(`refused: ${error.code ?? ''} ${error.message}`.trim()),
    );
    req.end();
  });
}

/** A plain-HTTP request's status, or its error. */
async function httpTry(url: string, init: RequestInit = {}): Promise<string> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(5000) });
    await res.arrayBuffer();
    return String(res.status);
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return `refused: ${cause?.code ?? (error as Error).message}`;
  }
}

/** A certificate and key from a CA that is not the cluster's, made in `dir`. */
function strangerCertificate(dir: string) {
  const key = path.join(dir, 'stranger.key');
  const cert = path.join(dir, 'stranger.crt');
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-new', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256'],
      ...['-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=operator'],
      ...['-addext', 'extendedKeyUsage=clientAuth'],
    ],
    { stdio: 'pipe' },
  );
  return { cert: readFileSync(cert), key: readFileSync(key) };
}

async function databaseDoors(cluster: Cluster): Promise<Bar[]> {
  const { settings, secrets } = cluster;
  const primary = await cluster.primary();
  if (!primary) throw new Error('no primary');
  const ca = readFileSync(caFile(settings.dir));
  // TLS, the node's certificate verified against the cluster's CA.
  const verified = { ca };
  // A node at its own address (CLUSTER_NETNS=on), HAProxy's doors on the host's loopback.
  const app = (port: number, password = secrets.app, host = '127.0.0.1') => ({
    host,
    port,
    user: USERS.app,
    password,
    database: 'devstay',
  });
  const replication: DoorConfig = {
    host: primary.host,
    port: primary.pgPort,
    user: 'replicator',
    password: secrets.replication,
    database: 'postgres',
    replication: 'true',
  };
  return [
    ...door(
      `PostgreSQL on ${primary.name} (the application's role, its password) without TLS`,
      await pgRefusal({ ...app(primary.pgPort, secrets.app, primary.host), ssl: false }),
      await pgRefusal({ ...app(primary.pgPort, secrets.app, primary.host), ssl: verified }),
    ),
    ...door(
      "PostgreSQL through HAProxy's primary door without TLS",
      await pgRefusal({ ...app(settings.primaryPort), ssl: false }),
      await pgRefusal({ ...app(settings.primaryPort), ssl: verified }),
    ),
    ...door(
      "PostgreSQL through HAProxy's primary door over TLS without the password",
      await pgRefusal({ ...app(settings.primaryPort, 'not-the-password'), ssl: verified }),
      await pgRefusal({ ...app(settings.primaryPort), ssl: verified }),
    ),
    ...door(
      `Replication from ${primary.name} (replicator, its password) without TLS`,
      await pgRefusal({ ...replication, ssl: false }),
      await pgRefusal({ ...replication, ssl: verified }),
    ),
    ...door(
      `Replication from ${primary.name} over TLS without the password`,
      await pgRefusal({ ...replication, password: 'not-the-password', ssl: verified }),
      await pgRefusal({ ...replication, ssl: verified }),
    ),
  ];
}

async function patroniDoors(cluster: Cluster): Promise<Bar[]> {
  const { settings, secrets } = cluster;
  const primary = await cluster.primary();
  const candidate = settings.nodes.find((n) => n !== primary);
  if (!primary || !candidate) throw new Error('no primary or no replica');
  const rest = `https://${primary.host}:${primary.restPort}`;
  const auth = `${USERS.patroniApi}:${secrets.patroniApi}`;
  // The synchronous replicas' count lives in the configuration all nodes share (etcd): a change
  // through this door weakens every commit's durability. (archive_command is each node's own
  // setting, patroni.yml, which the shared configuration cannot override.)
  const syncCount = async () =>
    (JSON.parse((await httpsRequest(`${rest}/config`)).body) as { synchronous_node_count?: number })
      .synchronous_node_count;
  const before = await syncCount();
  const patch = (withAuth: boolean, count: number | undefined) =>
    httpsRequest(`${rest}/config`, {
      method: 'PATCH',
      body: JSON.stringify({ synchronous_node_count: count }),
      ...(withAuth ? { auth } : {}),
    });
  const patched = await patch(false, 0);
  const afterRefused = await syncCount();
  // The same value again, with the password: admitted, nothing changed.
  const patchedWith = await patch(true, before);
  const failover = await httpsRequest(`${rest}/failover`, {
    method: 'POST',
    body: JSON.stringify({ leader: primary.name, candidate: candidate.name }),
  });
  const stillPrimary = (await cluster.primary())?.name === primary.name;
  // With the password, to a member that does not exist: past the door, refused by Patroni's
  // own check (never a failover during the drill).
  const failoverWith = await httpsRequest(`${rest}/failover`, {
    method: 'POST',
    body: JSON.stringify({ leader: primary.name, candidate: 'nobody' }),
    auth,
  });
  const plain = await httpTry(`http://${primary.host}:${primary.restPort}/primary`);
  console.log(
    `Patroni's REST API on ${primary.name}: PATCH /config without the password ${patched.status} (synchronous_node_count ${afterRefused === before ? `unchanged, ${before}` : `now ${afterRefused}`}), with it ${patchedWith.status}; POST /failover without it ${failover.status} (${primary.name} ${stillPrimary ? 'still' : 'no longer'} primary), with it to a member that does not exist ${failoverWith.status} (${failoverWith.body.trim()}); plain HTTP: ${plain}`,
  );
  return [
    [
      'Patroni PATCH /config without the password: 401, synchronous_node_count unchanged',
      patched.status === 401 && afterRefused === before && before !== undefined,
    ],
    ['Patroni PATCH /config with the password: 200', patchedWith.status === 200],
    [
      'Patroni POST /failover without the password: 401, no failover',
      failover.status === 401 && stillPrimary,
    ],
    [
      'Patroni POST /failover with the password: past the door (not 401)',
      failoverWith.status !== 401 && failoverWith.status >= 400,
    ],
    ["Patroni's REST API over plain HTTP: no HTTP answer", plain.startsWith('refused')],
  ];
}

async function etcdDoors(cluster: Cluster, work: string): Promise<Bar[]> {
  const { settings } = cluster;
  const member = settings.etcd[0];
  if (!member) throw new Error('no etcd member');
  const ca = readFileSync(caFile(settings.dir));
  const operator = path.join(tlsDir(settings.dir), 'operator');
  const cert = readFileSync(path.join(operator, 'operator.crt'));
  const key = readFileSync(path.join(operator, 'operator.key'));
  const stranger = strangerCertificate(work);
  const health = `https://127.0.0.1:${member.clientPort}/health`;
  const peer = `https://127.0.0.1:${member.peerPort}/members`;
  const admitted = (status: string) => (status === '200' ? undefined : status);
  const bars: Bar[] = door(
    `etcd ${member.name}'s client door without a certificate`,
    admitted(await httpsTry(health, { ca })),
    admitted(await httpsTry(health, { ca, cert, key })),
  );
  const foreign = await httpsTry(health, { ca, ...stranger });
  const plain = await httpTry(`http://127.0.0.1:${member.clientPort}/health`);
  const peerWithout = await httpsTry(peer, { ca });
  // As a peer: another member's certificate (etcd also checks that it names the address the
  // connection comes from, which the operator's does not).
  const other = settings.etcd[1] ?? member;
  const peerTls = memberTls(settings, other);
  const peerWith = await httpsTry(peer, {
    ca,
    cert: readFileSync(peerTls.cert),
    key: readFileSync(peerTls.key),
  });
  console.log(
    `etcd ${member.name}: client door with another CA's certificate: ${foreign}; plain HTTP: ${plain}; peer door without a certificate: ${peerWithout}, with ${other.name}'s: ${peerWith}`,
  );
  // The metrics listener, plain HTTP without a certificate, serves metrics and health only.
  const metricsAt = `http://127.0.0.1:${member.metricsPort}`;
  const metrics = await httpTry(`${metricsAt}/metrics`);
  const keys = await httpTry(`${metricsAt}/v3/kv/range`, {
    method: 'POST',
    body: JSON.stringify({ key: Buffer.from('/').toString('base64') }),
  });
  console.log(`etcd ${member.name}'s metrics listener: /metrics ${metrics}; the keys: ${keys}`);
  bars.push(
    [`etcd's metrics listener serves its metrics (${metrics})`, metrics === '200'],
    [`etcd's metrics listener serves no key (${keys})`, keys !== '200'],
    [`etcd's client door with another CA's certificate: refused`, foreign !== '200'],
    [`etcd's client door over plain HTTP: refused`, plain !== '200'],
    [`etcd's peer door without a certificate: refused`, peerWithout.startsWith('refused')],
    [`etcd's peer door with one from the CA: admitted (${peerWith})`, peerWith === '200'],
  );
  return bars;
}

async function statsDoors(cluster: Cluster): Promise<Bar[]> {
  const { url, authorization } = statsDoor(cluster.settings);
  // The page, and the Prometheus exporter on the same port, which answers before `stats auth`.
  const tried = async (what: string, at: string) => {
    const without = await httpTry(at);
    const withIt = await httpTry(at, { headers: { authorization } });
    return door(
      what,
      without === '200' ? undefined : without,
      withIt === '200' ? undefined : withIt,
    );
  };
  return [
    ...(await tried("HAProxy's statistics page without the password", url)),
    ...(await tried(
      "HAProxy's /metrics without the password",
      `http://127.0.0.1:${cluster.settings.statsPort}/metrics`,
    )),
  ];
}

async function roleBars(cluster: Cluster): Promise<Bar[]> {
  const { settings, secrets } = cluster;
  const url = (user: string, password: string, database = 'devstay') =>
    verifiedUrl(
      `postgres://${user}:${encodeURIComponent(password)}@127.0.0.1:${settings.primaryPort}/${database}`,
      settings.dir,
    );
  const appUrl = url(USERS.app, secrets.app);
  const rewindUrl = url(USERS.rewind, secrets.rewind, 'postgres');
  const [owners] = await query<{ database: string; tables: number; super: boolean }>(
    cluster.adminUrl(),
    `select pg_get_userbyid(d.datdba) as database,
       (select count(*)::int from pg_tables where schemaname = 'public' and tableowner = $1) as tables,
       (select rolsuper from pg_roles where rolname = $1) as super
     from pg_database d where d.datname = 'devstay'`,
    [USERS.app],
  );
  const createTable = await statementRefusal(appUrl, 'create table intruder (id int)');
  const alterTable = await statementRefusal(appUrl, 'alter table bookings add column intruder int');
  const dml = await statementRefusal(appUrl, 'update hotels set name = name where false');
  const [rewinder] = await query<{ super: boolean }>(
    cluster.adminUrl(),
    'select rolsuper as super from pg_roles where rolname = $1',
    [USERS.rewind],
  );
  const rewindReads = await statementRefusal(rewindUrl, "select pg_ls_dir('global', false, false)");
  const rewindAuthid = await statementRefusal(rewindUrl, 'select count(*) from pg_authid');
  const rewindDevstay = await statementRefusal(
    url(USERS.rewind, secrets.rewind),
    'select count(*) from bookings',
  );
  console.log(
    `roles: devstay owned by ${owners?.database}, ${owners?.tables} tables owned by ${USERS.app}; as ${USERS.app}: create table → ${createTable}; alter table → ${alterTable}; as ${USERS.rewind}: pg_ls_dir → ${rewindReads ?? 'allowed'}; pg_authid → ${rewindAuthid}; bookings → ${rewindDevstay}`,
  );
  return [
    [
      `the database is owned by ${USERS.owner}, no table by ${USERS.app}, which is no superuser`,
      owners?.database === USERS.owner && owners.tables === 0 && owners.super === false,
    ],
    [`${USERS.app} may not create a table`, createTable?.startsWith('42501') === true],
    [`${USERS.app} may not alter a table`, alterTable?.startsWith('42501') === true],
    [`${USERS.app} reads and writes rows`, dml === undefined],
    [`${USERS.rewind} is no superuser`, rewinder?.super === false],
    [`${USERS.rewind} lists the data folder (what pg_rewind needs)`, rewindReads === undefined],
    [`${USERS.rewind} may not read pg_authid`, rewindAuthid?.startsWith('42501') === true],
    [`${USERS.rewind} may not read the bookings`, rewindDevstay !== undefined],
  ];
}

/**
 * Folders under `dir`, and files `secret` says are secret, that anyone but their owner may
 * read, write or enter.
 */
function openToOthers(dir: string, secret: (file: string) => boolean = () => true): string[] {
  const open: string[] = [];
  const walk = (p: string) => {
    const stat = statSync(p);
    const guarded = stat.isDirectory() || secret(p);
    if (guarded && (stat.mode & 0o077) !== 0) open.push(`${p} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const entry of readdirSync(p)) walk(path.join(p, entry));
  };
  walk(dir);
  return open;
}

const isKey = (file: string) => file.endsWith('.key');

async function backupBars(cluster: Cluster): Promise<Bar[]> {
  const { settings, secrets } = cluster;
  const primary = await cluster.primary();
  if (!primary) throw new Error('no primary');
  const label = await takeBackup(nodeConfigFile(settings, primary), secrets.superuser, 'full');
  const archived = await archiveNow(cluster);
  // The repository (encrypted, yet the owner's alone) and each node's spool of WAL to push.
  const repository =
    settings.backup.repo.type === 'posix'
      ? [{ what: 'the backup repository', dir: settings.backup.repo.path }]
      : [];
  const kept: { what: string; dir: string; secret?: (file: string) => boolean }[] = [
    ...repository,
    ...settings.nodes.map((n) => ({
      what: `${n.name}'s pgBackRest spool, locks and log`,
      dir: nodeBackupDir(settings, n),
    })),
    // Certificates are public; the keys are not.
    { what: "the CA's folder and its keys", dir: tlsDir(settings.dir), secret: isKey },
    ...settings.nodes.map((n) => ({
      what: `${n.name}'s folder and its key`,
      dir: path.join(settings.dir, n.name),
      secret: isKey,
    })),
    ...settings.etcd.map((m) => ({
      what: `${m.name}'s folder and its key`,
      dir: path.join(settings.dir, 'etcd', m.name),
      secret: isKey,
    })),
  ];
  const bars: Bar[] = [
    [`a segment archived and a full backup taken (${label})`, archived && label.endsWith('F')],
  ];
  for (const { what, dir, secret } of kept) {
    const open = openToOthers(dir, secret);
    console.log(
      `${what} (${dir}): ${open.length} open to others${open.length ? `: ${open.slice(0, 5).join(', ')}` : ''}`,
    );
    bars.push([`${what}: the owner's only`, open.length === 0]);
  }
  const secretsMode = statSync(path.join(settings.dir, 'secrets.json')).mode & 0o777;
  bars.push([
    `secrets.json is the owner's only (${secretsMode.toString(8)})`,
    secretsMode === 0o600,
  ]);
  return bars;
}

await runDrill('doors', async (cluster) => {
  const work = mkdtempSync(path.join(tmpdir(), 'devstay-doors-'));
  try {
    verdict([
      ...(await databaseDoors(cluster)),
      ...(await patroniDoors(cluster)),
      ...(await etcdDoors(cluster, work)),
      ...(await statsDoors(cluster)),
      ...(await roleBars(cluster)),
      ...(await backupBars(cluster)),
    ]);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
