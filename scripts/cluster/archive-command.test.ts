import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { archiveCommand } from './patroni.ts';

// The archive command as PostgreSQL runs it: by /bin/sh, in the data folder, %p the segment's
// path there and %f its name.
let work: string;
let archive: string;
beforeEach(() => {
  work = mkdtempSync(path.join(tmpdir(), 'devstay-archive-'));
  archive = path.join(work, 'archive');
  mkdirSync(path.join(work, 'data', 'pg_wal'), { recursive: true });
  mkdirSync(archive);
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

function archiveSegment(name: string, bytes: string): number | null {
  writeFileSync(path.join(work, 'data', 'pg_wal', name), bytes);
  const command = archiveCommand(archive).replaceAll('%p', `pg_wal/${name}`).replaceAll('%f', name);
  return spawnSync('sh', ['-c', command], { cwd: path.join(work, 'data') }).status;
}

const archived = (name: string) => readFileSync(path.join(archive, name), 'utf8');

test('a new segment is copied whole, under its own name only', () => {
  expect(archiveSegment('000000010000000000000002', 'wal two')).toBe(0);
  expect(archived('000000010000000000000002')).toBe('wal two');
  expect(readdirSync(archive)).toEqual(['000000010000000000000002']);
});

test('a segment offered again with the same bytes (a promoted replica) counts as archived', () => {
  expect(archiveSegment('000000010000000000000002', 'wal two')).toBe(0);
  expect(archiveSegment('000000010000000000000002', 'wal two')).toBe(0);
  expect(archived('000000010000000000000002')).toBe('wal two');
});

test('a segment with other bytes under a name already archived is refused, not overwritten', () => {
  expect(archiveSegment('000000010000000000000002', 'wal two')).toBe(0);
  expect(archiveSegment('000000010000000000000002', 'something else')).not.toBe(0);
  expect(archived('000000010000000000000002')).toBe('wal two');
});

test('an archive folder whose path holds spaces and quotes', () => {
  archive = path.join(work, "wal archive's");
  mkdirSync(archive);
  expect(archiveSegment('000000010000000000000003', 'wal three')).toBe(0);
  expect(archived('000000010000000000000003')).toBe('wal three');
  expect(archiveCommand(archive)).not.toContain('\n');
});
