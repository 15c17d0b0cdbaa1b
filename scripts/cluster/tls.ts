// The cluster's certificates: a CA of its own, made at the first start and kept in tls/ of the
// cluster's folder (owner-only), and a certificate for each part, issued into the folder that
// part reads (a database node's tls/, etcd's tls/) as what that machine would be given: the CA's
// certificate, its own certificate and key, never the CA's key. Also the HTTPS client the
// supervisor and the drills use towards Patroni's REST API and etcd (docs/operations.md,
// "Security between the parts").
import { execFileSync } from 'node:child_process';
import { randomBytes, X509Certificate } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { request } from 'node:https';
import { isIP } from 'node:net';
import path from 'node:path';

/** What a part needs to speak TLS: the CA's certificate, its own certificate and key. */
export interface PartTls {
  ca: string;
  cert: string;
  key: string;
}

const CA_DAYS = 3650;
const PART_DAYS = 825;
/** A certificate this close to its end is issued again at the next start. */
const RENEW_BEFORE_MS = 30 * 24 * 3600 * 1000;

export const tlsDir = (clusterDir: string) => path.join(clusterDir, 'tls');
export const caFile = (clusterDir: string) => path.join(tlsDir(clusterDir), 'ca.crt');

function openssl(args: string[], cwd: string) {
  try {
    execFileSync('openssl', args, { cwd, stdio: 'pipe' });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') {
      throw new Error(
        'The cluster makes its certificates with the openssl command: install it (apt-get install openssl) and start again.',
      );
    }
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
    throw new Error(`openssl ${args[0]} failed: ${stderr || String(error)}`);
  }
}

/** The cluster's CA, made when missing: its key readable by the owner only. */
export function ensureCa(clusterDir: string): void {
  const dir = tlsDir(clusterDir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  if (existsSync(path.join(dir, 'ca.key')) && existsSync(path.join(dir, 'ca.crt'))) return;
  const config = path.join(dir, 'ca.cnf');
  writeFileSync(
    config,
    `[req]
distinguished_name = dn
prompt = no
x509_extensions = ca
[dn]
CN = DevStay cluster CA ${randomBytes(4).toString('hex')}
[ca]
basicConstraints = critical, CA:TRUE, pathlen:0
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
`,
  );
  try {
    openssl(
      [
        ...['req', '-x509', '-new', '-config', config, '-days', String(CA_DAYS)],
        ...['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'],
        ...['-keyout', 'ca.key.part', '-out', 'ca.crt'],
      ],
      dir,
    );
  } finally {
    rmSync(config, { force: true });
  }
  chmodSync(path.join(dir, 'ca.key.part'), 0o600);
  // The key under its name last: a CA certificate without its key is made again.
  renameSync(path.join(dir, 'ca.key.part'), path.join(dir, 'ca.key'));
}

/** Whether the certificate in `certFile` is the CA's, current, and names every one of `hosts`. */
function stillGood(clusterDir: string, certFile: string, hosts: readonly string[]): boolean {
  try {
    const ca = new X509Certificate(readFileSync(caFile(clusterDir)));
    const cert = new X509Certificate(readFileSync(certFile));
    if (!cert.checkIssued(ca) || !cert.verify(ca.publicKey)) return false;
    if (Date.parse(cert.validTo) - Date.now() < RENEW_BEFORE_MS) return false;
    return hosts.every((h) => (isIP(h) ? cert.checkIP(h) : cert.checkHost(h)) !== undefined);
  } catch {
    return false;
  }
}

/**
 * Issues `name`'s certificate (server and client: a node serves PostgreSQL and its REST API and
 * is etcd's client) into `outDir` as name.crt, name.key and ca.crt, unless the one there is
 * still good for `hosts` (its addresses and names, the first one its common name).
 */
export function issueCertificate(
  clusterDir: string,
  outDir: string,
  name: string,
  hosts: readonly string[],
): PartTls {
  ensureCa(clusterDir);
  mkdirSync(outDir, { recursive: true, mode: 0o700 });
  chmodSync(outDir, 0o700);
  const files: PartTls = {
    ca: path.join(outDir, 'ca.crt'),
    cert: path.join(outDir, `${name}.crt`),
    key: path.join(outDir, `${name}.key`),
  };
  copyFileSync(caFile(clusterDir), files.ca);
  if (existsSync(files.key) && stillGood(clusterDir, files.cert, hosts)) return files;
  const dir = tlsDir(clusterDir);
  const config = path.join(dir, `${name}.cnf`);
  const csr = path.join(dir, `${name}.csr`);
  const san = hosts.map((h) => (isIP(h) ? `IP:${h}` : `DNS:${h}`)).join(', ');
  writeFileSync(
    config,
    `[req]
distinguished_name = dn
prompt = no
[dn]
CN = ${hosts[0] ?? name}
[part]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature, keyEncipherment
extendedKeyUsage = serverAuth, clientAuth
subjectAltName = ${san}
`,
  );
  try {
    openssl(
      [
        ...['req', '-new', '-config', config, '-newkey', 'ec'],
        ...['-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', files.key, '-out', csr],
      ],
      dir,
    );
    chmodSync(files.key, 0o600);
    openssl(
      [
        ...['x509', '-req', '-in', csr, '-CA', 'ca.crt', '-CAkey', 'ca.key'],
        ...['-set_serial', `0x${randomBytes(16).toString('hex')}`, '-days', String(PART_DAYS)],
        ...['-extfile', config, '-extensions', 'part', '-out', files.cert],
      ],
      dir,
    );
  } finally {
    rmSync(config, { force: true });
    rmSync(csr, { force: true });
  }
  return files;
}

/** The certificate the supervisor and the drills present to etcd (and to Patroni's REST API). */
const operatorTls = (clusterDir: string) =>
  issueCertificate(clusterDir, path.join(tlsDir(clusterDir), 'operator'), 'operator', ['operator']);

/** What this process presents and trusts on its HTTPS requests to the cluster's parts. */
interface ClientTls {
  ca: Buffer;
  cert?: Buffer;
  key?: Buffer;
}
let client: ClientTls | undefined;

/** Makes the cluster's CA (and the operator's certificate) this process's for `httpsRequest`. */
export function trustCluster(clusterDir: string): void {
  const files = operatorTls(clusterDir);
  client = {
    ca: readFileSync(files.ca),
    cert: readFileSync(files.cert),
    key: readFileSync(files.key),
  };
}

export interface HttpsOptions {
  method?: string;
  body?: string;
  /** Basic authentication: `user:password`. */
  auth?: string;
  timeoutMs?: number;
  /** Whether to present the operator's certificate (default true). */
  withCertificate?: boolean;
}

/**
 * One HTTPS request verified against the cluster's CA (`trustCluster` first): its status and
 * body. Throws when nothing answered (a refused handshake included).
 */
export function httpsRequest(
  url: string,
  options: HttpsOptions = {},
): Promise<{ status: number; body: string }> {
  if (!client) throw new Error('trustCluster first: no cluster CA in this process');
  const { ca, cert, key } = client;
  const withCertificate = options.withCertificate ?? true;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: options.method ?? 'GET',
        ca,
        ...(withCertificate ? { cert, key } : {}),
        auth: options.auth,
        headers: options.body ? { 'content-type': 'application/json' } : {},
        timeout: options.timeoutMs ?? 2000,
        // No pooled connection: a refusal must come from this request's own handshake.
        agent: false,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${url}: no answer`)));
    req.on('error', reject);
    req.end(options.body);
  });
}

/**
 * The libpq parameters of a verified connection to the cluster's PostgreSQL: TLS, the server's
 * certificate issued by the cluster's CA for the very address dialled.
 */
const verifyFull = (clusterDir: string) =>
  ({ sslmode: 'verify-full', sslrootcert: caFile(clusterDir) }) as const;

/** `url` with `verifyFull`'s parameters (node-postgres reads them as libpq does). */
export function verifiedUrl(url: string, clusterDir: string): string {
  const u = new URL(url);
  for (const [k, v] of Object.entries(verifyFull(clusterDir))) u.searchParams.set(k, v);
  return u.toString();
}
