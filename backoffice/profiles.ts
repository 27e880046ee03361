/** The signed-in user's own profile: name and phone, and the preferences saved with the account. */
import type { MAIL_LANGUAGES, Profile } from '@contract';
import type { Db } from './db';

type Language = (typeof MAIL_LANGUAGES)[number];
type Appearance = NonNullable<Profile['appearance']>;

interface ProfileRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  language: Language | null;
  appearance_json: string | null;
}

export function findProfile(db: Db, userId: number): Profile | null {
  const row = db
    .prepare(
      'SELECT id, email, first_name, last_name, phone, language, appearance_json FROM users WHERE id = ?',
    )
    .get(userId) as ProfileRow | undefined;
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    phone: row.phone,
    language: row.language,
    // Kept as the portal sent it (the contract checked it then); the column holds JSON objects only.
    appearance: row.appearance_json === null ? null : (JSON.parse(row.appearance_json) as Appearance),
  };
}

/** Replaces the user's name and phone (a phone left out is cleared). The e-mail is not changed here. */
export function updateProfile(
  db: Db,
  userId: number,
  profile: { firstName: string; lastName: string; phone: string | null },
): void {
  db.prepare('UPDATE users SET first_name = ?, last_name = ?, phone = ? WHERE id = ?').run(
    profile.firstName,
    profile.lastName,
    profile.phone,
    userId,
  );
}

/** Saves the preferences given; one left out keeps its saved value. */
export function updatePreferences(
  db: Db,
  userId: number,
  preferences: { language?: Language; appearance?: Appearance },
): void {
  const assignments: string[] = [];
  const values: unknown[] = [];
  if (preferences.language !== undefined) {
    assignments.push('language = ?');
    values.push(preferences.language);
  }
  if (preferences.appearance !== undefined) {
    assignments.push('appearance_json = ?');
    values.push(JSON.stringify(preferences.appearance));
  }
  if (assignments.length === 0) return;
  db.prepare(`UPDATE users SET ${assignments.join(', ')} WHERE id = ?`).run(...values, userId);
}
