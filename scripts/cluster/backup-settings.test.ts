import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { backupSettings } from './backup-settings.ts';
import { writeConfig } from './pgbackrest.ts';

// The repository settings from the environment, as pgBackRest reads them in a node's file.
let work: string;
beforeEach(() => {
  work = mkdtempSync(path.join(tmpdir(), 'devstay-backup-settings-'));
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

const options = (env: NodeJS.ProcessEnv) => {
  const file = writeConfig({
    backup: backupSettings(env, '/srv/cluster'),
    passphrase: 'kept by the operator',
    work,
  });
  return readFileSync(file, 'utf8').split('\n');
};

test('unset: a folder under the cluster, encrypted, kept 2 fulls and 7 differentials', () => {
  expect(options({})).toEqual(
    expect.arrayContaining([
      'repo1-type=posix',
      'repo1-path=/srv/cluster/backup-repo',
      'repo1-cipher-type=aes-256-cbc',
      'repo1-cipher-pass=kept by the operator',
      'repo1-retention-full=2',
      'repo1-retention-diff=7',
    ]),
  );
});

test('an S3-compatible store at its own address: its host and port, path-style, its keys', () => {
  const lines = options({
    CLUSTER_BACKUP_S3_BUCKET: 'devstay-backups',
    CLUSTER_BACKUP_S3_ENDPOINT: 'https://store.example:9000',
    CLUSTER_BACKUP_S3_REGION: 'eu-west-1',
    CLUSTER_BACKUP_S3_ACCESS_KEY_ID: 'AKIA1',
    CLUSTER_BACKUP_S3_SECRET_ACCESS_KEY: 'shh',
    CLUSTER_BACKUP_RETENTION_FULL: '4',
  });
  expect(lines).toEqual(
    expect.arrayContaining([
      'repo1-type=s3',
      'repo1-path=/devstay',
      'repo1-s3-bucket=devstay-backups',
      'repo1-s3-region=eu-west-1',
      'repo1-s3-endpoint=store.example',
      'repo1-storage-port=9000',
      'repo1-s3-uri-style=path',
      'repo1-s3-key=AKIA1',
      'repo1-s3-key-secret=shh',
      'repo1-retention-full=4',
      'repo1-cipher-type=aes-256-cbc',
    ]),
  );
  expect(lines.some((line) => line.startsWith('repo1-type=posix'))).toBe(false);
  expect(lines.some((line) => line.startsWith('repo1-s3-ca-file='))).toBe(false);
});

test("a store with a certificate of its own CA: that CA's file, read by pgBackRest", () => {
  const ca = path.join(work, 'store-ca.crt');
  writeFileSync(ca, 'the store CA');
  expect(
    options({
      CLUSTER_BACKUP_S3_BUCKET: 'b',
      CLUSTER_BACKUP_S3_ENDPOINT: 'store.example:9000',
      CLUSTER_BACKUP_S3_CA_FILE: ca,
    }),
  ).toEqual(expect.arrayContaining([`repo1-s3-ca-file=${ca}`]));
  expect(() =>
    options({ CLUSTER_BACKUP_S3_BUCKET: 'b', CLUSTER_BACKUP_S3_CA_FILE: 'store-ca.crt' }),
  ).toThrow(/CLUSTER_BACKUP_S3_CA_FILE must be an absolute path/);
  expect(() =>
    options({ CLUSTER_BACKUP_S3_BUCKET: 'b', CLUSTER_BACKUP_S3_CA_FILE: path.join(work, 'none') }),
  ).toThrow(/CLUSTER_BACKUP_S3_CA_FILE: cannot read/);
});

test("AWS itself: the region's endpoint, virtual-host style, the machine's own credentials", () => {
  expect(options({ CLUSTER_BACKUP_S3_BUCKET: 'b', CLUSTER_BACKUP_S3_REGION: 'us-east-2' })).toEqual(
    expect.arrayContaining([
      'repo1-s3-endpoint=s3.us-east-2.amazonaws.com',
      'repo1-s3-uri-style=host',
      'repo1-s3-key-type=auto',
    ]),
  );
});

test('settings that cannot work are refused, naming the setting', () => {
  expect(() =>
    options({ CLUSTER_BACKUP_S3_BUCKET: 'b', CLUSTER_BACKUP_S3_ACCESS_KEY_ID: 'AKIA1' }),
  ).toThrow(/CLUSTER_BACKUP_S3_SECRET_ACCESS_KEY/);
  expect(() =>
    options({ CLUSTER_BACKUP_S3_BUCKET: 'b', CLUSTER_BACKUP_S3_ENDPOINT: 'http://minio:9000' }),
  ).toThrow(/CLUSTER_BACKUP_S3_ENDPOINT.*https/);
  expect(() => options({ CLUSTER_BACKUP_RETENTION_DIFF: '0' })).toThrow(
    /CLUSTER_BACKUP_RETENTION_DIFF/,
  );
});
