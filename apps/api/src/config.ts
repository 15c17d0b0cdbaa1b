import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root: default data folders live under it, whatever the working directory. */
export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Public origin of the site, used in e-mailed links. */
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  /** Any PostgreSQL 15+. Unset: an embedded PostgreSQL is started with data in PG_DATA_DIR. */
  DATABASE_URL: z.url().optional(),
  PG_DATA_DIR: z.string().default(path.join(ROOT_DIR, '.data/postgres')),
  PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  /** Where uploaded and generated images are stored (local disk driver). */
  UPLOADS_DIR: z.string().default(path.join(ROOT_DIR, '.data/uploads')),
  /** The built web app served at `/`. */
  WEB_DIST_DIR: z.string().default(path.join(ROOT_DIR, 'apps/web/dist')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = z.infer<typeof configSchema>;

/** Reads the environment once; a bad value stops the start with every bad key named. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
