// The API processes: the same build as `npm start` (scripts/start.ts), each on its own port,
// stateless, on the database through HAProxy's primary door (the catalogue's reads through the
// replicas' door). One that ends without being asked to (a rolling restart's SIGTERM, a crash)
// is started again.
import path from 'node:path';
import { ROOT } from '../web-build.ts';
import type { ProcessTable } from './processes.ts';
import { type Secrets, USERS } from './secrets.ts';
import type { ClusterSettings } from './settings.ts';
import { verifiedUrl } from './tls.ts';
import { statusOf, waitFor } from './wait.ts';

const START_TIMEOUT_MS = 120_000;

function apiEnv(
  settings: ClusterSettings,
  secrets: Secrets,
  port: number,
  metricsPort: number,
): NodeJS.ProcessEnv {
  // TLS to the node behind HAProxy's door (a TCP pass-through), its certificate verified.
  const database = (dbPort: number, user: string = USERS.app, password = secrets.app) =>
    verifiedUrl(
      `postgres://${user}:${encodeURIComponent(password)}@127.0.0.1:${dbPort}/devstay`,
      settings.dir,
    );
  const site = new URL(settings.publicUrl);
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: database(settings.primaryPort),
    // The migrations as the database's owner; the requests as a role that owns nothing.
    MIGRATION_DATABASE_URL: database(settings.primaryPort, USERS.owner, secrets.owner),
    // Catalogue reads, once the replica has replayed what they must see (db/replica-reads.ts).
    DATABASE_REPLICA_URL: database(settings.replicaPort),
    PUBLIC_URL: settings.publicUrl,
    // The balancer's own address, as browsers on this machine may also write it.
    TRUSTED_ORIGINS: [`http://127.0.0.1:${site.port || settings.port}`, process.env.TRUSTED_ORIGINS]
      .filter(Boolean)
      .join(','),
    // The client's address is the one HAProxy adds to X-Forwarded-For.
    TRUST_PROXY: '1',
    AUTH_SECRET: secrets.authSecret,
    DRAIN_MS: String(settings.drainMs),
    // Prometheus metrics on a port of their own (docs/operations.md, Monitoring).
    METRICS_PORT: String(metricsPort),
    METRICS_HOST: '127.0.0.1',
    // The web app is built once, before the processes start.
    SKIP_WEB_BUILD: '1',
    ...settings.apiEnv,
  };
}

export const apiName = (i: number) => `api${i + 1}`;

export class ApiProcesses {
  #stopping = false;
  /** Restarts the supervisor made (a process that ended on its own). */
  restarts = 0;

  private readonly table: ProcessTable;
  private readonly settings: ClusterSettings;
  private readonly secrets: Secrets;
  private readonly log: (line: string) => void;

  constructor(
    table: ProcessTable,
    settings: ClusterSettings,
    secrets: Secrets,
    log: (line: string) => void,
  ) {
    this.table = table;
    this.settings = settings;
    this.secrets = secrets;
    this.log = log;
  }

  start(i: number) {
    const port = this.settings.apiPorts[i] as number;
    const name = apiName(i);
    const metricsPort = this.settings.metricsPorts[i] as number;
    return this.table.spawn({
      role: 'api',
      name,
      port,
      metricsPort,
      command: process.execPath,
      // V8's young generation capped as `npm start` caps it (package.json; docs/scaling.md, Memory).
      args: ['--max-semi-space-size=16', path.join(ROOT, 'scripts/start.ts')],
      cwd: ROOT,
      env: apiEnv(this.settings, this.secrets, port, metricsPort),
      onExit: (code, signal) => {
        if (this.#stopping) return;
        this.log(`${name} ended (${signal ?? `exit ${code}`}): starting it again`);
        this.restarts += 1;
        setTimeout(() => {
          if (!this.#stopping) this.start(i);
        }, 500);
      },
    });
  }

  async waitReady(i: number, timeoutMs = START_TIMEOUT_MS) {
    const port = this.settings.apiPorts[i] as number;
    await waitFor(
      `${apiName(i)} ready on port ${port}`,
      async () => (await statusOf(`http://127.0.0.1:${port}/api/ready`)) === 200,
      timeoutMs,
    );
  }

  async stopAll() {
    this.#stopping = true;
    await Promise.all(this.settings.apiPorts.map((_, i) => this.table.stop(apiName(i))));
  }
}
