// Finds a Chromium for the end-to-end tests, installing Debian's package when it is missing.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { userInfo } from 'node:os';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

function found(): string | undefined {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) {
    return process.env.CHROMIUM_PATH;
  }
  return CANDIDATES.find((p) => existsSync(p));
}

export function ensureChromium(): string {
  const existing = found();
  if (existing) return existing;
  const hasApt = spawnSync('which', ['apt-get']).status === 0;
  if (!hasApt || userInfo().uid !== 0) {
    throw new Error(
      'No Chromium found. Install it (Debian/Ubuntu: apt-get install -y chromium) or set CHROMIUM_PATH.',
    );
  }
  console.log('Installing Chromium (apt-get install chromium)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  const installed = found();
  if (!installed) throw new Error('Chromium was installed but not found on the usual paths');
  return installed;
}

/** Flags for a headless Chromium on a machine without a sandbox, GPU or outside network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];
