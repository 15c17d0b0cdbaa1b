// PostgreSQL refuses to run as root: as root the cluster runs its servers and pgBackRest as
// `postgres`, which owns their folders.
import { execFileSync } from 'node:child_process';
import { chownSync, readdirSync, statSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';

export const asRoot = () => userInfo().uid === 0;

export const postgresIds = () => ({
  uid: Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
  gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
});

export function chownTree(dir: string, uid: number, gid: number) {
  chownSync(dir, uid, gid);
  for (const entry of readdirSync(dir)) {
    const file = path.join(dir, entry);
    if (statSync(file).isDirectory()) chownTree(file, uid, gid);
    else chownSync(file, uid, gid);
  }
}

/** Gives `dir` and all in it to `postgres` when this is root (else it is this user's already). */
export function giveToServerUser(dir: string): void {
  if (!asRoot()) return;
  const { uid, gid } = postgresIds();
  chownTree(dir, uid, gid);
}
