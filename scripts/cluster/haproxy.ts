// HAProxy: the site's load balancer in front of the API processes, and the doors through which
// they reach the databases (whichever node Patroni's REST API says is primary, or a replica).
import { chmodSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ProcessTable } from './processes.ts';
import { clusterSecrets, USERS } from './secrets.ts';
import type { ClusterSettings } from './settings.ts';
import { caFile } from './tls.ts';
import { waitFor } from './wait.ts';

/** The backend of the API processes that answer readiness. */
export const API_BACKEND = 'api';
/** The doors to the databases: whichever node is primary; a replica (else the primary). */
export const PRIMARY_DOOR = 'db_primary';
export const REPLICA_DOOR = 'db_replica';
/** The name, in the replicas' door, of node `name` standing in while it is primary. */
export const asPrimaryInReplicaDoor = (name: string) => `${name}_primary`;

/** Who may read the metrics on the statistics port: the statistics page's user. */
const STATS_USERS = 'stats_users';

/** The statistics page's address and its Basic authorization (user `stats`). */
export function statsDoor(settings: ClusterSettings) {
  const credentials = `${USERS.stats}:${clusterSecrets(settings.dir).stats}`;
  return {
    url: `http://127.0.0.1:${settings.statsPort}/stats`,
    authorization: `Basic ${Buffer.from(credentials).toString('base64')}`,
    credentials,
  };
}

export function haproxyConfig(settings: ClusterSettings): string {
  const host = new URL(settings.publicUrl).hostname;
  const apis = (check: string) =>
    settings.apiPorts
      .map((port, i) => `  server api${i + 1} 127.0.0.1:${port} ${check}`)
      .join('\n');
  const nodes = settings.nodes
    .map(
      // Patroni's REST API over HTTPS, its certificate verified as the node's: a check answered
      // by anything else does not lead the doors to it. The PostgreSQL sessions themselves pass
      // through as TCP: their TLS is between the API process and the node.
      (n) =>
        `  server ${n.name} ${n.host}:${n.pgPort} check port ${n.restPort} check-ssl verify required ca-file ${caFile(settings.dir)} verifyhost ${n.name}`,
    )
    .join('\n');
  // With no replica healthy, the replicas' door leads to the primary (its state followed from
  // the primary's door): catalogue reads go on, and the API sees it is no replica.
  const primaryFallback = settings.nodes
    .map(
      (n) =>
        `  server ${asPrimaryInReplicaDoor(n.name)} ${n.host}:${n.pgPort} backup track ${PRIMARY_DOOR}/${n.name}`,
    )
    .join('\n');
  const database = (name: string, port: number, check: string, fallback = '') => `
listen ${name}
  mode tcp
  bind 127.0.0.1:${port}
  timeout client 30m
  timeout server 30m
  option httpchk
  http-check send meth GET uri /${check}
  http-check expect status 200
  # A node that fails the check loses its sessions at once: no write goes to a demoted node, no
  # catalogue read to a replica further behind than the lag bound.
  default-server inter 1s fall 2 rise 1 on-marked-down shutdown-sessions
${nodes}
${fallback}`;
  // The API processes, each checked on `uri`, back in after `rise` checks.
  const apiBackend = (name: string, uri: string, rise: number) => `backend ${name}
  balance roundrobin
  option httpchk
  http-check send meth GET uri ${uri} ver HTTP/1.1 hdr Host ${host}
  http-check expect status 200
  default-server inter 1s fall 2 rise ${rise}
${apis('check')}
`;
  return `global
  maxconn 4096

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout check 2s
  # A request that finds a process gone is sent to another one; HAProxy retries a request whose
  # answer may have been lost (an empty answer, a timeout) only when its method is idempotent.
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response response-timeout 0rtt-rejected

frontend site
  bind ${settings.host}:${settings.port}
  option forwardfor
  # While no process is ready (no primary during a failover), the live ones still answer
  # what needs no primary: catalogue pages from their caches and the replica.
  use_backend api_live if { nbsrv(${API_BACKEND}) eq 0 }
  default_backend ${API_BACKEND}

${apiBackend(API_BACKEND, '/api/ready', 2)}
${apiBackend('api_live', '/api/health', 1)}${database(PRIMARY_DOOR, settings.primaryPort, 'primary')}${database(REPLICA_DOOR, settings.replicaPort, `replica?lag=${settings.replicaLagBytes}`, primaryFallback)}
userlist ${STATS_USERS}
  user ${USERS.stats} insecure-password ${clusterSecrets(settings.dir).stats}

listen stats
  bind 127.0.0.1:${settings.statsPort}
  # HAProxy's own Prometheus exporter: every frontend, backend and server. The service answers
  # before stats auth would, so it asks the same password itself: the doors' node states and
  # the site's traffic are the statistics page's, not everyone's on the network.
  http-request auth realm stats if { path /metrics } !{ http_auth(${STATS_USERS}) }
  http-request use-service prometheus-exporter if { path /metrics }
  stats enable
  stats uri /stats
  stats auth ${statsDoor(settings).credentials}
`;
}

export async function startHaproxy(
  table: ProcessTable,
  settings: ClusterSettings,
  haproxy: string,
) {
  const configFile = path.join(settings.dir, 'haproxy.cfg');
  // It holds the statistics page's password.
  writeFileSync(configFile, haproxyConfig(settings), { mode: 0o600 });
  chmodSync(configFile, 0o600);
  table.spawn({
    role: 'proxy',
    name: 'haproxy',
    port: settings.port,
    command: haproxy,
    args: ['-f', configFile, '-db'],
  });
  await waitFor(
    'HAProxy answering',
    async () => {
      const { url, authorization } = statsDoor(settings);
      const res = await fetch(url, {
        headers: { authorization },
        signal: AbortSignal.timeout(2000),
      });
      await res.arrayBuffer();
      return res.status === 200;
    },
    15_000,
  );
}

/** Each server of a backend and its state (UP, DOWN, …) as HAProxy sees it now. */
export async function backendStates(
  settings: ClusterSettings,
  backend: string,
): Promise<Map<string, string>> {
  const { url, authorization } = statsDoor(settings);
  const res = await fetch(`${url};csv`, { headers: { authorization } });
  const states = new Map<string, string>();
  for (const line of (await res.text()).split('\n')) {
    const [proxy, server, ...rest] = line.split(',');
    if (proxy === backend && server && server !== 'BACKEND' && server !== 'FRONTEND') {
      states.set(server, rest[15] ?? '');
    }
  }
  return states;
}
