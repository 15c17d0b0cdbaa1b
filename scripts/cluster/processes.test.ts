import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { leftovers, type ProcessRecord, ProcessTable } from './processes.ts';

// Real processes (sh, sleep) in a folder of their own, as the cluster's parts are.
let dir: string;
let table: ProcessTable;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'devstay-processes-'));
  table = new ProcessTable(dir);
});
afterEach(() => {
  table.killAll();
  rmSync(dir, { recursive: true, force: true });
});

const listed = () =>
  (JSON.parse(readFileSync(path.join(dir, 'processes.json'), 'utf8')) as ProcessRecord[]).map(
    (r) => r.name,
  );

/** A part that takes its time to stop on SIGTERM, as PostgreSQL does. */
const slowToStop = (name: string, onExit?: () => void) =>
  table.spawn({
    role: 'replica',
    name,
    port: 1,
    restPort: 2,
    command: 'sh',
    args: ['-c', 'trap "sleep 1; exit 0" TERM; while :; do sleep 0.1; done'],
    onExit,
  });

test('a part stays in processes.json while it stops, and leaves it once gone', async () => {
  const record = slowToStop('node1');
  expect(record.restPort).toBe(2);
  const stopping = table.stop('node1');
  // An interrupted stop must still find it listed.
  expect(listed()).toEqual(['node1']);
  await stopping;
  expect(listed()).toEqual([]);
});

test('the supervisor hears of a part that ends on its own, not of one it stopped', async () => {
  const ended: string[] = [];
  slowToStop('node1', () => ended.push('node1'));
  const killed = slowToStop('node2', () => ended.push('node2'));
  await table.stop('node1');
  process.kill(-killed.pid, 'SIGKILL');
  await expect.poll(() => ended).toEqual(['node2']);
});

test('a start over a live part of an earlier run is refused and its record kept', async () => {
  const record = table.spawn({
    role: 'etcd',
    name: 'etcd1',
    port: 1,
    command: 'sleep',
    args: ['30'],
  });
  const again = new ProcessTable(dir);
  expect(() => again.refuseLeftovers()).toThrow(`etcd1 (pid ${record.pid})`);
  expect(listed()).toEqual(['etcd1']);
  await table.stop('etcd1');
  expect(() => again.refuseLeftovers()).not.toThrow();
});

test('a pid reused by another process since is no leftover', () => {
  // This test's own process is alive, but started at another moment than the record says.
  const records: ProcessRecord[] = [
    { role: 'api', name: 'api1', pid: process.pid, port: 1, started: 'another-boot:1' },
  ];
  writeFileSync(path.join(dir, 'processes.json'), JSON.stringify(records));
  expect(leftovers(dir)).toEqual([]);
});
