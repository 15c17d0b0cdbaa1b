// Partition drill (root: the database nodes in network namespaces of their own, netns.ts): under
// bookings and reads through the balancer, the primary is cut off from etcd and from the other
// nodes by firewall rules in its namespace; the host still reaches it. Meanwhile every node is
// written directly, several times a second (a row per write), so both sides of the partition
// are tried. Bars: the old primary demoted within its leader key's TTL, another node promoted,
// bookings confirmed again, no write confirmed on the isolated old primary after the cut and
// none while another node accepted writes, the old primary back as a synchronous replica after
// the healing, and 0 lost: every booking the load saw confirmed and every write a node confirmed
// is on the last primary.
//
// `--negative-control`: the same with synchronous replication turned off (Patroni's shared
// configuration, PATCH /config). The isolated primary then confirms what its replicas never
// receive, and the healing rewinds it away: the drill passes only when the "0 lost" check sees
// that loss.
import { userInfo } from 'node:os';
import pg from 'pg';
import type { Cluster } from './cluster.ts';
import {
  bookingsAgain,
  checkBookings,
  ledgerBars,
  query,
  refusedWritesMs,
  runDrill,
  seconds,
  startLoad,
  verdict,
} from './drill.ts';
import { sleep } from './load.ts';
import { heal, partition } from './netns.ts';
import { LEADER_TTL_S, roleOf, waitForRole } from './patroni.ts';
import { USERS } from './secrets.ts';
import type { DatabaseNode } from './settings.ts';
import { httpsRequest, verifiedUrl } from './tls.ts';
import { waitFor } from './wait.ts';

const control = process.argv.slice(2).includes('--negative-control');
/** The most the site may refuse bookings after the cut. */
const RECOVERY_BAR_MS = 45_000;
/**
 * How long failsafe_mode adds to an isolated primary's step-down: once etcd fails it asks the
 * other nodes over their REST API whether it may stay primary, each request given 2 s to
 * connect and tried twice (Patroni 3.0), before it demotes itself.
 */
const FAILSAFE_CHECK_S = 4;
/** The most the healed old primary may take to be back as a replica (a rewind or a new copy). */
const REJOIN_BAR_MS = 180_000;
/** How long both sides are written once another node accepts bookings, before the healing. */
const BOTH_SIDES_MS = 10_000;
/** A write started on each node this often; no more than this many waiting on one node. */
const WRITE_EVERY_MS = 200;
const MAX_WAITING = 40;

/** One write sent straight to a node: an id in the drill's table, confirmed or not. */
interface Write {
  node: string;
  id: string;
  sent: number;
  answered: number;
  confirmed: boolean;
  error?: string;
}

/**
 * Writes to every node at once, whatever the node's role, from connections kept open to each
 * (a new TLS connection per write took longer than the writes' pace on a busy machine).
 */
class DirectWrites {
  readonly writes: Write[] = [];
  #running = true;
  readonly #loops: Promise<void>[] = [];
  readonly #pools = new Map<string, pg.Pool>();
  #n = 0;

  constructor(cluster: Cluster, nodes: readonly DatabaseNode[]) {
    const password = encodeURIComponent(cluster.secrets.superuser);
    for (const node of nodes) {
      const pool = new pg.Pool({
        connectionString: verifiedUrl(
          `postgres://postgres:${password}@${node.host}:${node.pgPort}/devstay`,
          cluster.settings.dir,
        ),
        max: MAX_WAITING,
        connectionTimeoutMillis: 5000,
      });
      // A connection the node ends (its demotion) is dropped from the pool; the write it
      // carried records the error.
      pool.on('error', () => {});
      this.#pools.set(node.name, pool);
      this.#loops.push(this.#loop(node));
    }
  }

  async #loop(node: DatabaseNode) {
    const waiting = new Set<Promise<void>>();
    while (this.#running) {
      if (waiting.size < MAX_WAITING) {
        const one: Promise<void> = this.#write(node).finally(() => waiting.delete(one));
        waiting.add(one);
      }
      await sleep(WRITE_EVERY_MS);
    }
    await Promise.all(waiting);
  }

  /**
   * No statement timeout: a commit cancelled while it waits for its synchronous replicas is
   * answered as a success (PostgreSQL warns it is committed locally only). It waits until the
   * node is demoted, which ends its connection.
   */
  async #write(node: DatabaseNode) {
    this.#n += 1;
    const id = `${node.name}-${this.#n}`;
    const sent = performance.now();
    try {
      await (this.#pools.get(node.name) as pg.Pool).query(
        'insert into drill_partition_writes (id, node) values ($1, $2)',
        [id, node.name],
      );
      this.writes.push({ node: node.name, id, sent, answered: performance.now(), confirmed: true });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.writes.push({
        node: node.name,
        id,
        sent,
        answered: performance.now(),
        confirmed: false,
        error: message,
      });
    }
  }

  async stop() {
    this.#running = false;
    await Promise.all(this.#loops);
    await Promise.all([...this.#pools.values()].map((pool) => pool.end().catch(() => {})));
  }
}

/** Turns synchronous replication off in the configuration every node shares, and waits for it. */
async function synchronousOff(cluster: Cluster) {
  const primary = await cluster.primary();
  if (!primary) throw new Error('no primary to turn synchronous replication off on');
  const res = await httpsRequest(`https://${primary.host}:${primary.restPort}/config`, {
    method: 'PATCH',
    body: JSON.stringify({ synchronous_mode: false }),
    auth: `${USERS.patroniApi}:${cluster.secrets.patroniApi}`,
  });
  if (res.status !== 200) throw new Error(`PATCH /config answered ${res.status}: ${res.body}`);
  await waitFor(
    'synchronous_standby_names emptied',
    async () => {
      const [row] = await query<{ names: string }>(
        cluster.adminUrl(),
        "select current_setting('synchronous_standby_names') as names",
      );
      return row?.names === '';
    },
    30_000,
  );
}

/** When each node's role changed after `since`, polled from the host. */
function watchRoles(nodes: readonly DatabaseNode[]) {
  const changes: { node: string; role: string; at: number }[] = [];
  const last = new Map<string, string>();
  let running = true;
  const done = (async () => {
    while (running) {
      await Promise.all(
        nodes.map(async (node) => {
          const role = (await roleOf(node).catch(() => undefined)) ?? 'none';
          if (last.get(node.name) !== role) {
            last.set(node.name, role);
            changes.push({ node: node.name, role, at: performance.now() });
          }
        }),
      );
      await sleep(200);
    }
  })();
  return {
    changes,
    stop: async () => {
      running = false;
      await done;
    },
  };
}

if (userInfo().uid !== 0) {
  console.error(
    'The partition drill needs root: it puts each database node in a network namespace of its own (ip netns, veth pairs) and cuts one off with nftables. As another user the cluster runs every node on 127.0.0.1, where no partition can be made.',
  );
  process.exit(1);
}
process.env.CLUSTER_NETNS = 'on';
const wallStart = performance.now();

await runDrill(control ? 'partition-control' : 'partition', async (cluster) => {
  const { settings } = cluster;
  const network = settings.network;
  if (!network) throw new Error('the nodes have no network of their own');
  await query(
    cluster.adminUrl(),
    'create table if not exists drill_partition_writes (id text primary key, node text not null, at timestamptz not null default now())',
  );
  if (control) {
    await synchronousOff(cluster);
    console.log('negative control: synchronous replication turned off (synchronous_mode false)');
  }
  const load = await startLoad(cluster, { guests: 12, rooms: 20, readers: 4 });
  const writes = new DirectWrites(cluster, settings.nodes);
  await sleep(8000);

  const old = await cluster.primary();
  if (!old?.namespace) throw new Error('no primary in a namespace before the cut');
  const others = settings.nodes.filter((n) => n !== old);
  const roles = watchRoles(settings.nodes);
  const confirmedBefore = load.confirmed.length;
  const cutAt = performance.now();
  partition(
    network,
    old.namespace,
    others.map((n) => n.host),
    settings.etcd.map((m) => m.clientPort),
  );
  console.log(
    `cut: ${old.name} (${old.host}, the primary) from etcd and from ${others.map((n) => `${n.name} ${n.host}`).join(', ')} after ${confirmedBefore} confirmed bookings`,
  );

  // Bookings again on the other side: a payment sent after another node answered primary and
  // confirmed (without synchronous replication the isolated node confirms some until it steps
  // down, and those do not count).
  const promotion = () =>
    roles.changes.find((c) => c.node !== old.name && c.at > cutAt && c.role === 'primary');
  await waitFor(
    'another node promoted',
    async () => promotion() !== undefined,
    RECOVERY_BAR_MS,
    200,
  ).catch(() => {});
  const promoted = settings.nodes.find((n) => n.name === promotion()?.node);
  const promotedAt = promotion()?.at ?? performance.now();
  const back = await bookingsAgain(load, promotedAt, RECOVERY_BAR_MS);
  // Both sides written while the other side's node accepts bookings.
  await sleep(BOTH_SIDES_MS);
  const healAt = performance.now();
  heal(old.namespace);
  console.log(`healed ${seconds(healAt - cutAt)} s after the cut`);
  const rejoinAs = control ? 'replica' : 'sync';
  const rejoined = await waitForRole(old, rejoinAs, REJOIN_BAR_MS).then(
    () => performance.now(),
    () => undefined,
  );
  await sleep(3000);
  await Promise.all([load.stop(), writes.stop(), roles.stop()]);

  // The timeline.
  const demoted = roles.changes.find(
    (c) => c.node === old.name && c.at > cutAt && c.role !== 'primary',
  );
  const firstPromoted = roles.changes.find(
    (c) => c.node !== old.name && c.at > cutAt && c.role === 'primary',
  );
  const during = writes.writes.filter((w) => w.sent > cutAt && w.sent < healAt);
  const onOld = during.filter((w) => w.node === old.name);
  const onOthers = during.filter((w) => w.node !== old.name);
  const oldConfirmed = onOld.filter((w) => w.confirmed);
  const othersConfirmed = onOthers.filter((w) => w.confirmed);
  const lastOld = Math.max(...oldConfirmed.map((w) => w.answered));
  const firstOther = Math.min(...othersConfirmed.map((w) => w.sent));
  const firstOldRefused = onOld.find((w) => !w.confirmed);
  const errors = (side: Write[]) => {
    const kinds = new Map<string, number>();
    for (const w of side.filter((w) => !w.confirmed)) {
      const kind = (w.error ?? '').replace(/\d+/g, 'N').slice(0, 70);
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
    return [...kinds].map(([kind, n]) => `${n}× "${kind}"`).join(', ') || 'none';
  };
  const at = (t: number | undefined) => (t === undefined ? 'never' : `${seconds(t - cutAt)} s`);
  console.log(
    `timeline after the cut: ${old.name} stopped answering primary at ${at(demoted?.at)}; ${firstPromoted?.node ?? 'no node'} answered primary at ${at(firstPromoted?.at)}; bookings confirmed again at ${at(back)}; booking checkouts and payments refused for ${seconds(refusedWritesMs(load, cutAt))} s`,
  );
  console.log(
    `direct writes during the partition: the isolated ${old.name} ${onOld.length} tried, ${oldConfirmed.length} confirmed${firstOldRefused ? ` (first refused at ${at(firstOldRefused.answered)}: ${firstOldRefused.error})` : ''}; the other side (${others.map((n) => n.name).join(', ')}) ${onOthers.length} tried, ${othersConfirmed.length} confirmed${othersConfirmed.length > 0 ? `, the first sent at ${at(firstOther)}` : ''}`,
  );
  console.log(`refusals: on ${old.name} ${errors(onOld)}; on the other side ${errors(onOthers)}`);
  console.log(
    rejoined === undefined
      ? `${old.name} not back as a ${rejoinAs === 'sync' ? 'synchronous ' : ''}replica within ${REJOIN_BAR_MS / 1000} s of the healing`
      : `${old.name} back as a ${rejoinAs === 'sync' ? 'synchronous ' : ''}replica ${seconds(rejoined - healAt)} s after the healing`,
  );

  const check = await checkBookings(cluster, load.confirmed);
  const confirmedWrites = writes.writes.filter((w) => w.confirmed).map((w) => w.id);
  const [kept] = await query<{ n: number }>(
    cluster.adminUrl(),
    'select count(*)::int as n from drill_partition_writes where id = any($1)',
    [confirmedWrites],
  );
  const keptWrites = kept?.n ?? 0;
  const lostBookings = load.confirmed.length - check.kept;
  const lostWrites = confirmedWrites.length - keptWrites;
  console.log(
    `bookings confirmed: ${confirmedBefore} before the cut, ${load.confirmed.length} in all; on the last primary (${(await cluster.primary())?.name ?? 'none'}): ${check.kept} of them (${lostBookings} lost); direct writes confirmed: ${confirmedWrites.length}, on the last primary ${keptWrites} (${lostWrites} lost); wall time ${seconds(performance.now() - wallStart)} s`,
  );

  const noLoss: [string, boolean] = [
    `0 lost: every booking the load saw confirmed is kept, paid and on the ledger (${check.kept}/${load.confirmed.length}), every confirmed direct write is on the last primary (${keptWrites}/${confirmedWrites.length})`,
    lostBookings === 0 && lostWrites === 0,
  ];
  const bars: [string, boolean][] = [
    [
      `${old.name} stepped down before another node was promoted (${at(demoted?.at)} against ${at(firstPromoted?.at)})`,
      demoted !== undefined && (firstPromoted === undefined || demoted.at < firstPromoted.at),
    ],
    [
      `${old.name} stepped down within its leader key's TTL and failsafe_mode's check of the other nodes (${LEADER_TTL_S} + ${FAILSAFE_CHECK_S} s): ${at(demoted?.at)}`,
      demoted !== undefined && demoted.at - cutAt <= (LEADER_TTL_S + FAILSAFE_CHECK_S) * 1000,
    ],
    [
      `another node promoted (${old.name} → ${promoted?.name ?? 'none'})`,
      promoted !== undefined && promoted.name !== old.name,
    ],
    [
      `bookings confirmed again within ${RECOVERY_BAR_MS / 1000} s`,
      back !== undefined && back - cutAt <= RECOVERY_BAR_MS,
    ],
    [
      `the other side accepted direct writes during the partition (${othersConfirmed.length})`,
      othersConfirmed.length > 0,
    ],
    [
      `the isolated ${old.name} confirmed none of the ${onOld.length} writes sent to it after the cut (${oldConfirmed.length})`,
      oldConfirmed.length === 0,
    ],
    [
      'no two nodes accepted writes at once (the isolated node’s last confirmation before the other side’s first write was sent)',
      oldConfirmed.length === 0 || lastOld < firstOther,
    ],
    [
      `${old.name} back as a ${rejoinAs === 'sync' ? 'synchronous ' : ''}replica by itself within ${REJOIN_BAR_MS / 1000} s of the healing`,
      rejoined !== undefined,
    ],
    noLoss,
    ...ledgerBars(check),
  ];
  if (!control) {
    verdict(bars);
    return;
  }
  // The control proves the check can see a loss: its bars are reported, the loss is the verdict.
  console.log('negative control (synchronous replication off): the bars as they came out');
  for (const [bar, held] of bars) console.log(`  ${held ? 'held' : 'FAILED'}  ${bar}`);
  verdict([
    [
      `the "0 lost" check failed without synchronous replication (${lostBookings} bookings, ${lostWrites} direct writes lost)`,
      !noLoss[1],
    ],
  ]);
});
