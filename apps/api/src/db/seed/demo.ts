import type { Db } from '../client.ts';

export async function seedIfEmpty(_db: Db, _options: { uploadsDir: string }): Promise<void> {}
