import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { connect } from 'node:net';
import { userInfo } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { heal, nodeNetwork, partition, removeNetwork, setUpNetwork } from './netns.ts';
import { ensureNetworkTools } from './packages.ts';
import { clusterSettings } from './settings.ts';

const root = userInfo().uid === 0;

describe('the nodes’ network settings', () => {
  it('is off unless asked for: every node on loopback', () => {
    const settings = clusterSettings({});
    expect(settings.network).toBeUndefined();
    expect(settings.nodes.map((n) => [n.host, n.namespace])).toEqual([
      ['127.0.0.1', undefined],
      ['127.0.0.1', undefined],
      ['127.0.0.1', undefined],
    ]);
  });

  it('refuses a value it does not know and a network that is not a /24', () => {
    expect(() => nodeNetwork({ CLUSTER_NETNS: 'yes' }, 54401)).toThrow('CLUSTER_NETNS');
    if (!root) return;
    expect(() =>
      nodeNetwork({ CLUSTER_NETNS: 'on', CLUSTER_NETNS_SUBNET: '10.1.0.0/16' }, 54401),
    ).toThrow('CLUSTER_NETNS_SUBNET');
    expect(() =>
      nodeNetwork({ CLUSTER_NETNS: 'on', CLUSTER_NETNS_SUBNET: '10.300.1.0/24' }, 54401),
    ).toThrow('CLUSTER_NETNS_SUBNET');
  });

  it.skipIf(root)('is refused to another user than root, saying why', () => {
    expect(() => nodeNetwork({ CLUSTER_NETNS: 'on' }, 54401)).toThrow('needs root');
  });

  it.runIf(root)('gives each node a namespace and an address, named after the ports', () => {
    const settings = clusterSettings({ CLUSTER_NETNS: 'on', CLUSTER_PG_PORT: '54601' });
    expect(settings.network?.gateway).toBe('10.231.73.1');
    expect(settings.nodes.map((n) => [n.name, n.host, n.namespace])).toEqual([
      ['node1', '10.231.73.11', 'ds54601-node1'],
      ['node2', '10.231.73.12', 'ds54601-node2'],
      ['node3', '10.231.73.13', 'ds54601-node3'],
    ]);
    // Link names longer than 15 characters are refused by the kernel.
    expect(settings.network?.bridge.length).toBeLessThanOrEqual(15);
  });
});

/** Whether a TCP connection to `host:port` from the namespace `from` (the host: none) is answered. */
function reaches(from: string | undefined, host: string, port: number): Promise<boolean> {
  if (!from) {
    return new Promise((resolve) => {
      const socket = connect({ host, port, timeout: 1500 });
      socket.once('data', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('timeout', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', () => resolve(false));
    });
  }
  const script = `const s=require('net').connect({host:'${host}',port:${port},timeout:1500});s.on('data',()=>process.exit(0));s.on('timeout',()=>process.exit(1));s.on('error',()=>process.exit(1))`;
  return new Promise((resolve) => {
    spawn('ip', ['netns', 'exec', from, process.execPath, '-e', script]).on('exit', (code) =>
      resolve(code === 0),
    );
  });
}

// Each check starts a Node.js process in a namespace: seconds on a busy machine.
describe.runIf(root)('a partition between namespaces (root)', { timeout: 120_000 }, () => {
  // A network of its own: other ports' clusters and the drills never use this one.
  const network = nodeNetwork(
    { CLUSTER_NETNS: 'on', CLUSTER_NETNS_SUBNET: '10.231.254.0/24' },
    59999,
  );
  if (!network) throw new Error('no network');
  const servers: ChildProcess[] = [];
  const stopServers = () =>
    Promise.all(
      servers.map(
        (server) =>
          new Promise((resolve) => {
            if (server.exitCode !== null || server.signalCode !== null) return resolve(undefined);
            server.once('exit', resolve);
            server.kill('SIGKILL');
          }),
      ),
    );
  afterAll(async () => {
    await stopServers();
    removeNetwork(network);
  });

  it('cuts a node off from its peers and from etcd, both ways, and the host still reaches it', async () => {
    ensureNetworkTools();
    setUpNetwork(network, 2);
    const node1 = network.nodeHost(1);
    const node2 = network.nodeHost(2);
    // A server answering on node1's address; another on the host, standing for etcd.
    const answer = (host: string, port: number) =>
      `require('net').createServer((s)=>s.end('ok')).listen(${port},'${host}')`;
    servers.push(
      spawn('ip', [
        'netns',
        'exec',
        network.namespace(1),
        process.execPath,
        '-e',
        answer(node1, 7001),
      ]),
      spawn(process.execPath, ['-e', answer(network.gateway, 7002)]),
    );
    const before = async () => ({
      peerToNode: await reaches(network.namespace(2), node1, 7001),
      hostToNode: await reaches(undefined, node1, 7001),
      nodeToEtcd: await reaches(network.namespace(1), network.gateway, 7002),
      peerToEtcd: await reaches(network.namespace(2), network.gateway, 7002),
    });
    await expect.poll(before, { timeout: 60_000 }).toEqual({
      peerToNode: true,
      hostToNode: true,
      nodeToEtcd: true,
      peerToEtcd: true,
    });

    partition(network, network.namespace(1), [node2], [7002]);
    expect(await before()).toEqual({
      peerToNode: false,
      hostToNode: true,
      nodeToEtcd: false,
      peerToEtcd: true,
    });

    heal(network.namespace(1));
    expect(await before()).toEqual({
      peerToNode: true,
      hostToNode: true,
      nodeToEtcd: true,
      peerToEtcd: true,
    });
  });

  it('removes what it made, and refuses to remove a namespace something still runs in', async () => {
    expect(() => removeNetwork(network)).toThrow('processes still run');
    await stopServers();
    removeNetwork(network);
    const left =
      execFileSync('ip', ['-br', 'link']).toString() +
      execFileSync('ip', ['netns', 'list']).toString();
    expect(left).not.toContain(network.tag);
  });
});
