/**
 * Pictures as content references them, and their end: a stored picture that no hotel, room,
 * event or service references any more is deleted (its files and its `images` row).
 */
import type { ImageRefInput } from '@devstay/shared/contracts/content';
import { CONTENT_MESSAGES } from '@devstay/shared/messages';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { type ImageRef, images } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';
import type { StoredPicture } from './pipeline.ts';
import type { ImageStorage } from './storage.ts';

/** A PostgreSQL text[] literal of ids (quoted, so commas and braces in one stay inside it). */
const textArray = (ids: readonly string[]) => `{${ids.map((id) => JSON.stringify(id)).join(',')}}`;

/** The tables whose `image` column references pictures by public_id. */
const REFERENCING_TABLES = ['hotels', 'rooms', 'events', 'hotel_services', 'room_services'];

/**
 * The references to store for what a form sent: each `public_id` must be a picture stored here
 * (its URL, size and variants come from the `images` table, never from the client) or one the
 * record already has (`current`, pictures stored before the table kept them). Unknown → 400
 * naming `image.N`.
 */
export async function resolveImageRefs(
  db: Executor,
  sent: readonly ImageRefInput[],
  current: readonly ImageRef[] = [],
): Promise<ImageRef[]> {
  const ids = [...new Set(sent.map((s) => s.public_id))];
  const result = await db.execute<{
    public_id: string;
    url: string;
    width: number;
    height: number;
    variants: { url: string; width: number }[];
  }>(sql`select public_id, url, width, height, variants from images
    where public_id = any(${textArray(ids)}::text[])`);
  const stored = new Map(result.rows.map((r) => [r.public_id, r]));
  const kept = new Map(current.map((r) => [r.public_id, r]));
  return sent.map((ref, i) => {
    const row = stored.get(ref.public_id);
    if (row) {
      return {
        url: row.url,
        public_id: row.public_id,
        width: row.width,
        height: row.height,
        variants: row.variants.map((v) => ({ url: v.url, width: v.width })),
      };
    }
    const own = kept.get(ref.public_id);
    if (own) return own;
    throw badRequest(CONTENT_MESSAGES.imageUnknown, `image.${i}`);
  });
}

/** The public ids `before` had and `after` no longer has. */
export function droppedPictures(before: readonly ImageRef[], after: readonly ImageRef[]) {
  const still = new Set(after.map((r) => r.public_id));
  return [...new Set(before.map((r) => r.public_id))].filter((id) => !still.has(id));
}

/**
 * Deletes those of `publicIds` that no content references: the `images` row in a transaction
 * that re-checks every referencing table, then the files. Returns the ids deleted. A file
 * whose delete fails stays behind (logged by the caller); the row is gone, so nothing shows it.
 */
export async function deleteUnusedPictures(
  db: Db,
  storage: ImageStorage,
  publicIds: readonly string[],
): Promise<string[]> {
  if (publicIds.length === 0) return [];
  const notReferenced = REFERENCING_TABLES.map(
    (table) =>
      sql`not exists (select 1 from ${sql.identifier(table)} t
        where t.image @> jsonb_build_array(jsonb_build_object('public_id', i.public_id)))`,
  );
  const deleted = await db.transaction(async (tx) => {
    const result = await tx.execute<{ public_id: string; variants: { key: string }[] }>(sql`
      delete from images i
      where i.public_id = any(${textArray(publicIds)}::text[])
        and ${sql.join(notReferenced, sql` and `)}
      returning i.public_id, i.variants`);
    return result.rows;
  });
  for (const row of deleted) {
    for (const variant of row.variants) await storage.delete(variant.key);
  }
  return deleted.map((r) => r.public_id);
}

/**
 * Uploads no content took up within `graceMs` (a form abandoned after its uploads): deleted.
 * Only uploads (`uploaded_by` set); pictures of the seed are the seed's.
 */
export async function sweepUnusedUploads(
  db: Db,
  storage: ImageStorage,
  graceMs: number,
): Promise<string[]> {
  const result = await db.execute<{ public_id: string }>(sql`
    select public_id from images
    where uploaded_by is not null
      and created_at < now() - make_interval(secs => ${graceMs / 1000})
    order by created_at limit 500`);
  return deleteUnusedPictures(
    db,
    storage,
    result.rows.map((r) => r.public_id),
  );
}

/** Records an uploaded picture; the same picture uploaded again keeps its first row. */
export async function recordUpload(
  db: Executor,
  picture: StoredPicture,
  uploadedBy: string,
): Promise<void> {
  await db
    .insert(images)
    .values({
      publicId: picture.publicId,
      url: picture.url,
      contentType: picture.contentType,
      width: picture.width,
      height: picture.height,
      bytes: picture.bytes,
      variants: picture.variants,
      uploadedBy,
    })
    .onConflictDoNothing();
}
