// The processes the cluster starts: each in a process group of its own (spawned detached, its
// pid leading the group), its output in logs/<name>.log, all listed in processes.json from their
// start until they are gone (a stop interrupted half-way leaves the record of what still runs).
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export type Role = 'primary' | 'replica' | 'api' | 'proxy' | 'etcd';

/** One line of processes.json. */
export interface ProcessRecord {
  role: Role;
  /** Which part it is (node1, api2, …): the roles of database nodes change with failovers. */
  name: string;
  pid: number;
  port: number;
  /** A database node's Patroni REST API. */
  restPort?: number;
  /** When the process started (the kernel's boot id and start time): a pid reused since is not it. */
  started?: string;
}

interface Running {
  record: ProcessRecord;
  child: ChildProcess;
  exited: Promise<void>;
  /** Set once `stop` asked it to end: its exit is then no failure to act on. */
  stopping: boolean;
}

export interface SpawnOptions {
  role: Role;
  name: string;
  port: number;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  restPort?: number;
  /** Told when the process ends without having been asked to. */
  onExit?: (code: number | null, signal: NodeJS.Signals | null) => void;
}

/** This boot's id and the process's start time in clock ticks since boot, or undefined when gone. */
function startedOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command's closing parenthesis; the start time is the 22nd field.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return `${readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()}:${fields[19]}`;
  } catch {
    return undefined;
  }
}

/** Whether the process a record names still runs: its pid alive, and not reused since. */
const alive = (record: ProcessRecord) => {
  try {
    process.kill(record.pid, 0);
  } catch {
    return false;
  }
  const started = startedOf(record.pid);
  return record.started === undefined || started === undefined || started === record.started;
};

export class ProcessTable {
  readonly #running = new Map<string, Running>();
  readonly #stateFile: string;
  readonly #logDir: string;

  readonly dir: string;

  constructor(dir: string) {
    this.dir = dir;
    this.#stateFile = path.join(dir, 'processes.json');
    this.#logDir = path.join(dir, 'logs');
    mkdirSync(this.#logDir, { recursive: true });
  }

  /**
   * Refuses to start over processes a previous run left alive (its state file says which),
   * leaving their record as it is: the way to stop them.
   */
  refuseLeftovers(): void {
    const left = leftovers(this.dir);
    if (left.length > 0) {
      throw new Error(
        `A cluster is still running from ${this.#stateFile}: ${left
          .map((r) => `${r.name} (pid ${r.pid})`)
          .join(', ')}. Stop it (Ctrl+C in its terminal, or kill -TERM -<pid> for each).`,
      );
    }
  }

  logFile(name: string): string {
    return path.join(this.#logDir, `${name}.log`);
  }

  spawn(options: SpawnOptions): ProcessRecord {
    const out = openSync(this.logFile(options.name), 'a');
    const child = spawn(options.command, options.args, {
      detached: true,
      stdio: ['ignore', out, out],
      env: options.env ?? process.env,
      cwd: options.cwd,
    });
    if (child.pid === undefined) throw new Error(`${options.command} did not start`);
    const record: ProcessRecord = {
      role: options.role,
      name: options.name,
      pid: child.pid,
      port: options.port,
      ...(options.restPort === undefined ? {} : { restPort: options.restPort }),
      started: startedOf(child.pid),
    };
    const exited = new Promise<void>((resolve) => {
      child.once('exit', (code, signal) => {
        const running = this.#running.get(options.name);
        if (running?.child === child) {
          this.#running.delete(options.name);
          this.write();
          if (!running.stopping) options.onExit?.(code, signal);
        }
        resolve();
      });
    });
    this.#running.set(options.name, { record, child, exited, stopping: false });
    this.write();
    return record;
  }

  get(name: string): ProcessRecord | undefined {
    return this.#running.get(name)?.record;
  }

  records(): ProcessRecord[] {
    return [...this.#running.values()].map((r) => r.record);
  }

  setRole(name: string, role: Role): void {
    const running = this.#running.get(name);
    if (running && running.record.role !== role) {
      running.record.role = role;
      this.write();
    }
  }

  /** Sends `signal` to the process's whole group. */
  signal(name: string, signal: NodeJS.Signals): void {
    const running = this.#running.get(name);
    if (!running) return;
    try {
      process.kill(-running.record.pid, signal);
    } catch {
      // Already gone.
    }
  }

  /**
   * SIGTERM to the group, SIGKILL after `graceMs`; resolves once it has exited. Its record stays
   * in processes.json until then.
   */
  async stop(name: string, graceMs = 20_000): Promise<void> {
    const running = this.#running.get(name);
    if (!running) return;
    running.stopping = true;
    const pid = running.record.pid;
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      return;
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {}
    }, graceMs);
    await running.exited;
    clearTimeout(timer);
    // What the leader left in its group (a PostgreSQL outliving Patroni) goes with it.
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {}
  }

  /** SIGKILL to every group, at once and without waiting: the machine losing its power. */
  killAll(): void {
    for (const { record } of this.#running.values()) {
      try {
        process.kill(-record.pid, 'SIGKILL');
      } catch {}
    }
  }

  write(): void {
    const temporary = `${this.#stateFile}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(this.records(), null, 2)}\n`);
    renameSync(temporary, this.#stateFile);
  }
}

/** The processes an earlier run's processes.json in `dir` lists that still run. */
export function leftovers(dir: string): ProcessRecord[] {
  const file = path.join(dir, 'processes.json');
  if (!existsSync(file)) return [];
  const records = JSON.parse(readFileSync(file, 'utf8')) as ProcessRecord[];
  return records.filter(alive);
}
