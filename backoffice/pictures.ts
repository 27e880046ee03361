/**
 * Each person's own picture, kept on their user (migration 0019): found, replaced and removed by the user's
 * id only, so no call can reach another person's.
 */
import { CONTACT_IMAGE_TYPES } from '@contract';
import type { ContactImage } from './partners';
import type { Database } from './data/database';

export interface UserPicture extends ContactImage {
  version: number;
}

/** The user's picture, or null without one. */
export async function findUserPicture(db: Database, userId: number): Promise<UserPicture | null> {
  const row = await db
    .selectFrom('users')
    .select(['picture', 'picture_mimetype', 'picture_version'])
    .where('id', '=', userId)
    .executeTakeFirst();
  const mimetype = CONTACT_IMAGE_TYPES.find((type) => type === row?.picture_mimetype);
  return row?.picture && mimetype
    ? { mimetype, data: Buffer.from(row.picture), version: row.picture_version }
    : null;
}

/** Replaces the user's picture; answers its new version (one more than the last upload's). */
export async function setUserPicture(db: Database, userId: number, image: ContactImage): Promise<number> {
  const row = await db
    .updateTable('users')
    .set((eb) => ({
      picture: image.data,
      picture_mimetype: image.mimetype,
      picture_version: eb('picture_version', '+', 1),
    }))
    .where('id', '=', userId)
    .returning('picture_version')
    .executeTakeFirstOrThrow();
  return row.picture_version;
}

/**
 * Removes the user's picture. The version is kept, so the next upload has a version (and the portal an
 * address) never used before.
 */
export async function removeUserPicture(db: Database, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ picture: null, picture_mimetype: null })
    .where('id', '=', userId)
    .execute();
}
