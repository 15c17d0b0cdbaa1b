// The database nodes as machines of their own on one machine (CLUSTER_NETNS=on, root only): each
// node in a network namespace of its own with an address of its own, a veth pair from it to a
// bridge on the host, the host's own address on the bridge (where the nodes reach etcd and
// HAProxy reaches them). Real TCP between "machines", so a partition can be made: firewall rules
// in one node's namespace (`partition`). As another user every node listens on 127.0.0.1 and no
// partition can be made (docs/operations.md, "Network namespaces").
import { execFileSync } from 'node:child_process';
import { userInfo } from 'node:os';

export interface NodeNetwork {
  /** What every link and namespace of this cluster is named after: ds<first node's port>. */
  tag: string;
  /** The bridge on the host the nodes' veth pairs end on. */
  bridge: string;
  /** The host's address on the bridge: etcd and HAProxy as the nodes see them. */
  gateway: string;
  /** The nodes' network (a.b.c.0/24): PostgreSQL admits connections from it. */
  subnet: string;
  /** Node `n`'s (from 1) namespace and address. */
  namespace(n: number): string;
  nodeHost(n: number): string;
}

/** The firewall table a partition adds in a node's namespace. */
const PARTITION_TABLE = 'devstay_partition';

/**
 * The nodes' network from CLUSTER_NETNS (on/off, off by default) and CLUSTER_NETNS_SUBNET (a /24,
 * by default 10.231.<first node's port mod 256>.0/24, so that two clusters on other ports take
 * other networks), or undefined when off.
 */
export function nodeNetwork(env: NodeJS.ProcessEnv, pgPort: number): NodeNetwork | undefined {
  const mode = env.CLUSTER_NETNS || 'off';
  if (mode !== 'on' && mode !== 'off') throw new Error('CLUSTER_NETNS must be on or off');
  if (mode === 'off') return undefined;
  if (userInfo().uid !== 0) {
    throw new Error(
      'CLUSTER_NETNS=on needs root (network namespaces and veth pairs): as another user leave it off, every node then listens on 127.0.0.1',
    );
  }
  const subnet = env.CLUSTER_NETNS_SUBNET || `10.231.${pgPort % 256}.0/24`;
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.0\/24$/.exec(subnet);
  if (!match || match.slice(1).some((octet) => Number(octet) > 255)) {
    throw new Error('CLUSTER_NETNS_SUBNET must be a /24 network such as 10.231.7.0/24');
  }
  const prefix = `${match[1]}.${match[2]}.${match[3]}`;
  const tag = `ds${pgPort}`;
  return {
    tag,
    bridge: `${tag}-br`,
    gateway: `${prefix}.1`,
    subnet,
    namespace: (n) => `${tag}-node${n}`,
    nodeHost: (n) => `${prefix}.${10 + n}`,
  };
}

function run(command: string, args: string[], input?: string): string {
  try {
    return execFileSync(command, args, { stdio: 'pipe', input }).toString();
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
    throw new Error(`${command} ${args.join(' ')}: ${stderr || String(error)}`);
  }
}

const namespaces = () =>
  run('ip', ['netns', 'list'])
    .split('\n')
    .map((line) => line.split(' ')[0] ?? '')
    .filter((ns) => ns !== '');

const linkExists = (name: string) => {
  try {
    execFileSync('ip', ['link', 'show', name], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/**
 * The network's namespaces and bridge, whatever an earlier run left (a power loss, a SIGKILL):
 * removed, unless a process still runs in one of them (another cluster on the same ports).
 */
export function removeNetwork(network: NodeNetwork): void {
  const ours = namespaces().filter((ns) => ns.startsWith(`${network.tag}-node`));
  for (const ns of ours) {
    const pids = run('ip', ['netns', 'pids', ns]).trim();
    if (pids) {
      throw new Error(
        `processes still run in network namespace ${ns} (pids ${pids.split('\n').join(', ')}): stop that cluster first`,
      );
    }
  }
  // The host's end of each veth pair first: deleting it takes the namespace's end at once, where a
  // namespace deleted frees its links only when the kernel gets round to it.
  const hostEnds = run('ip', ['-br', 'link'])
    .split('\n')
    .map((line) => (line.split(' ')[0] ?? '').split('@')[0] ?? '')
    .filter((name) => name.startsWith(`${network.tag}-n`));
  for (const link of hostEnds) run('ip', ['link', 'delete', link]);
  for (const ns of ours) run('ip', ['netns', 'delete', ns]);
  if (linkExists(network.bridge)) run('ip', ['link', 'delete', network.bridge]);
}

/** Whether another link than the bridge already routes `subnet` (another network there). */
function subnetTaken(network: NodeNetwork): string | undefined {
  const routes = JSON.parse(run('ip', ['-j', 'route', 'show', network.subnet]) || '[]') as {
    dev?: string;
  }[];
  return routes.find((r) => r.dev !== network.bridge)?.dev;
}

/**
 * The bridge with the host's address, and for each of `nodes` nodes its namespace (loopback up,
 * its address on its end of a veth pair, the host as its route to the rest).
 */
export function setUpNetwork(network: NodeNetwork, nodes: number): void {
  removeNetwork(network);
  const taken = subnetTaken(network);
  if (taken) {
    throw new Error(
      `${network.subnet} is already routed through ${taken}: choose another with CLUSTER_NETNS_SUBNET`,
    );
  }
  run('ip', ['link', 'add', network.bridge, 'type', 'bridge']);
  run('ip', ['addr', 'add', `${network.gateway}/24`, 'dev', network.bridge]);
  run('ip', ['link', 'set', network.bridge, 'up']);
  for (let n = 1; n <= nodes; n++) {
    const ns = network.namespace(n);
    const hostEnd = `${network.tag}-n${n}`;
    run('ip', ['netns', 'add', ns]);
    run('ip', ['link', 'add', hostEnd, 'type', 'veth', 'peer', 'name', 'eth0', 'netns', ns]);
    run('ip', ['link', 'set', hostEnd, 'master', network.bridge, 'up']);
    run('ip', ['-n', ns, 'link', 'set', 'lo', 'up']);
    run('ip', ['-n', ns, 'addr', 'add', `${network.nodeHost(n)}/24`, 'dev', 'eth0']);
    run('ip', ['-n', ns, 'link', 'set', 'eth0', 'up']);
    run('ip', ['-n', ns, 'route', 'add', 'default', 'via', network.gateway]);
  }
}

/**
 * Cuts the node in `namespace` off from `peers` (the other nodes' addresses) and from etcd (the
 * host's `etcdPorts`), both ways: firewall rules in its own namespace, as a switch or a cable
 * failing would. The host still reaches it on its other ports (HAProxy, a drill's direct writes).
 */
export function partition(
  network: NodeNetwork,
  namespace: string,
  peers: readonly string[],
  etcdPorts: readonly number[],
): void {
  const set = (items: readonly (string | number)[]) => `{ ${items.join(', ')} }`;
  run(
    'ip',
    ['netns', 'exec', namespace, 'nft', '-f', '-'],
    `table inet ${PARTITION_TABLE} {
  chain input {
    type filter hook input priority 0; policy accept;
    ip saddr ${set(peers)} drop
    ip saddr ${network.gateway} tcp sport ${set(etcdPorts)} drop
  }
  chain output {
    type filter hook output priority 0; policy accept;
    ip daddr ${set(peers)} drop
    ip daddr ${network.gateway} tcp dport ${set(etcdPorts)} drop
  }
}
`,
  );
}

/** Ends the partition of the node in `namespace`. */
export function heal(namespace: string): void {
  run('ip', ['netns', 'exec', namespace, 'nft', 'delete', 'table', 'inet', PARTITION_TABLE]);
}
