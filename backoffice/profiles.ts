/** The signed-in user's own profile: name and phone, and the preferences saved with the account. */
import type { MAIL_LANGUAGES, Profile } from '@contract';
import type { Database } from './data/database';

type Language = (typeof MAIL_LANGUAGES)[number];
type Appearance = NonNullable<Profile['appearance']>;

export async function findProfile(db: Database, userId: number): Promise<Profile | null> {
  const row = await db
    .selectFrom('users')
    .select([
      'id',
      'email',
      'first_name',
      'last_name',
      'phone',
      'language',
      'appearance_json',
      'picture_mimetype',
      'picture_version',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    phone: row.phone,
    // The column's CHECK holds the contract's languages.
    language: row.language as Language | null,
    // Kept as the portal sent it (the contract checked it then); the column holds JSON objects only.
    appearance: row.appearance_json === null ? null : (JSON.parse(row.appearance_json) as Appearance),
    picture_version: row.picture_mimetype === null ? null : row.picture_version,
  };
}

/** Replaces the user's name and phone (a phone left out is cleared). The e-mail is not changed here. */
export async function updateProfile(
  db: Database,
  userId: number,
  profile: { firstName: string; lastName: string; phone: string | null },
): Promise<void> {
  await db
    .updateTable('users')
    .set({ first_name: profile.firstName, last_name: profile.lastName, phone: profile.phone })
    .where('id', '=', userId)
    .execute();
}

/** Saves the preferences given; one left out keeps its saved value. */
export async function updatePreferences(
  db: Database,
  userId: number,
  preferences: { language?: Language; appearance?: Appearance },
): Promise<void> {
  const changes = {
    ...(preferences.language !== undefined && { language: preferences.language }),
    ...(preferences.appearance !== undefined && { appearance_json: JSON.stringify(preferences.appearance) }),
  };
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('users').set(changes).where('id', '=', userId).execute();
}
