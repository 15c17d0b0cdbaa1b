import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { haproxyConfig, statsDoor } from './haproxy.ts';
import { checkConfig, prometheusConfig, RULES_FILE, writeScrapeCredentials } from './observe.ts';
import { promtoolIfAny } from './packages.ts';
import { clusterSecrets } from './secrets.ts';
import { clusterSettings } from './settings.ts';
import { caFile, ensureCa } from './tls.ts';
import { waitFor } from './wait.ts';

// promtool comes with Debian's prometheus package, installed as root as the cluster installs
// its engines; elsewhere these tests run where it is installed.
const promtool = promtoolIfAny(() => {});
const work = mkdtempSync(path.join(tmpdir(), 'devstay-observe-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// A cluster's folder with what the configuration names: the CA, the statistics password.
const settings = clusterSettings({ CLUSTER_DIR: path.join(work, 'cluster') });
beforeAll(() => {
  mkdirSync(settings.dir, { recursive: true });
  ensureCa(settings.dir);
  writeScrapeCredentials(settings);
});

describe.skipIf(!promtool)('monitoring', () => {
  test('every alert rule fires on what it watches and only then (promtool test rules)', () => {
    const tested = spawnSync(
      promtool as string,
      ['test', 'rules', path.join(path.dirname(RULES_FILE), 'rules.test.yml')],
      { encoding: 'utf8' },
    );
    expect(tested.stdout + tested.stderr).toContain('SUCCESS');
    expect(tested.status, tested.stdout + tested.stderr).toBe(0);
  }, 120_000);

  test("the cluster's Prometheus configuration passes promtool check config and scrapes every part", () => {
    const config = prometheusConfig(settings);
    const file = path.join(work, 'prometheus.yml');
    writeFileSync(file, JSON.stringify(config, null, 2));
    expect(checkConfig(promtool as string, file)).toBeUndefined();
    const jobs = Object.fromEntries(
      config.scrape_configs.map((job) => [
        job.job_name,
        job.static_configs.map((c) => `${c.labels.name} ${c.targets.join()}`),
      ]),
    );
    expect(jobs).toEqual({
      'devstay-api': settings.metricsPorts.map((port, i) => `api${i + 1} 127.0.0.1:${port}`),
      patroni: settings.nodes.map((n) => `${n.name} 127.0.0.1:${n.restPort}`),
      postgres: settings.nodes.map((n, i) => `${n.name} 127.0.0.1:${settings.pgExporterPort + i}`),
      haproxy: [`haproxy 127.0.0.1:${settings.statsPort}`],
      // The metrics-only listeners, not the client ports (those ask a certificate).
      etcd: settings.etcd.map((m) => `${m.name} 127.0.0.1:${m.metricsPort}`),
      textfile: [`backups 127.0.0.1:${settings.textfileExporterPort}`],
      prometheus: [`prometheus 127.0.0.1:${settings.prometheusPort}`],
    });
    const how = Object.fromEntries(
      config.scrape_configs.map(({ job_name, static_configs, ...rest }) => [job_name, rest]),
    );
    // Patroni's REST API speaks HTTPS only, its certificate the cluster CA's.
    expect(how.patroni).toEqual({
      scheme: 'https',
      tls_config: { ca_file: caFile(settings.dir) },
    });
    // HAProxy's /metrics asks the statistics page's password.
    expect(how.haproxy).toEqual({
      basic_auth: { username: 'stats', password_file: expect.any(String) },
    });
    const passwordFile = (how.haproxy as { basic_auth: { password_file: string } }).basic_auth
      .password_file;
    expect(readFileSync(passwordFile, 'utf8')).toBe(clusterSecrets(settings.dir).stats);
    for (const job of ['devstay-api', 'postgres', 'etcd', 'textfile', 'prometheus']) {
      expect(how[job], job).toEqual({});
    }
  }, 60_000);

  test('promtool refuses a configuration whose CA file is missing', () => {
    const elsewhere = clusterSettings({ CLUSTER_DIR: path.join(work, 'no-ca') });
    mkdirSync(elsewhere.dir, { recursive: true });
    writeScrapeCredentials(elsewhere);
    const file = path.join(work, 'no-ca.yml');
    writeFileSync(file, JSON.stringify(prometheusConfig(elsewhere)));
    expect(checkConfig(promtool as string, file)).toContain(caFile(elsewhere.dir));
  }, 60_000);

  test('a configuration promtool refuses is reported', () => {
    const file = path.join(work, 'broken.yml');
    const config = prometheusConfig(settings);
    writeFileSync(
      file,
      JSON.stringify({ ...config, global: { ...config.global, scrape_timeout: '1m' } }),
    );
    expect(checkConfig(promtool as string, file)).toMatch(/scrape timeout/i);
  }, 60_000);
});

const haproxy = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((p) => existsSync(p));
test.skipIf(!haproxy)(
  "HAProxy's configuration is valid, bounds the replicas' lag and exports its metrics",
  () => {
    const text = haproxyConfig(settings);
    const file = path.join(work, 'haproxy.cfg');
    writeFileSync(file, text);
    const checked = spawnSync(haproxy as string, ['-c', '-f', file], { encoding: 'utf8' });
    expect(checked.status, checked.stdout + checked.stderr).toBe(0);
    expect(text).toContain(`http-check send meth GET uri /replica?lag=${settings.replicaLagBytes}`);
    expect(text).toMatch(
      /listen stats[\s\S]*use-service prometheus-exporter if \{ path \/metrics \}/,
    );
  },
  60_000,
);

/** A port nothing listens on now (the kernel's choice). */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

test.skipIf(!haproxy)(
  "HAProxy's /metrics asks the statistics page's password",
  async () => {
    const [port, statsPort, primaryPort, replicaPort] = await Promise.all(
      Array.from({ length: 4 }, freePort),
    );
    const live = clusterSettings(
      { CLUSTER_DIR: settings.dir },
      { port, statsPort, primaryPort, replicaPort },
    );
    const file = path.join(work, 'haproxy-live.cfg');
    writeFileSync(file, haproxyConfig(live));
    const proxy = spawn(haproxy as string, ['-f', file, '-db'], { stdio: 'ignore' });
    try {
      const metrics = `http://127.0.0.1:${statsPort}/metrics`;
      const status = async (headers: Record<string, string> = {}) => {
        const res = await fetch(metrics, { headers, signal: AbortSignal.timeout(2000) });
        await res.arrayBuffer();
        return res.status;
      };
      await waitFor('HAProxy answering', async () => (await status()) !== 0, 15_000);
      expect(await status()).toBe(401);
      expect(
        await status({ authorization: `Basic ${Buffer.from('stats:wrong').toString('base64')}` }),
      ).toBe(401);
      const res = await fetch(metrics, {
        headers: { authorization: statsDoor(live).authorization },
      });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('haproxy_backend_status');
    } finally {
      proxy.kill('SIGTERM');
    }
  },
  60_000,
);
