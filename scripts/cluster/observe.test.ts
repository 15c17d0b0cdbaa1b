import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { haproxyConfig } from './haproxy.ts';
import { checkConfig, prometheusConfig, RULES_FILE } from './observe.ts';
import { promtoolIfAny } from './packages.ts';
import { clusterSettings } from './settings.ts';

// promtool comes with Debian's prometheus package, installed as root as the cluster installs
// its engines; elsewhere these tests run where it is installed.
const promtool = promtoolIfAny(() => {});
let work: string;
beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'devstay-observe-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

const settings = clusterSettings({ CLUSTER_DIR: path.join(tmpdir(), 'devstay-observe-cluster') });

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
      etcd: settings.etcd.map((m) => `${m.name} 127.0.0.1:${m.clientPort}`),
      textfile: [`backups 127.0.0.1:${settings.textfileExporterPort}`],
      prometheus: [`prometheus 127.0.0.1:${settings.prometheusPort}`],
    });
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
