import type { App } from '../app';
import { refuse, type CallHandlers } from '../http';
import { findProfile, updatePreferences, updateProfile } from '../profiles';

type ProfileCalls = 'getProfile' | 'updateProfile' | 'updatePreferences';

export function profileHandlers(app: App): Pick<CallHandlers, ProfileCalls> {
  /** Always the session's own user: these calls name nobody else. */
  const ownProfile = async (userId: number) => {
    const profile = await findProfile(app.database, userId);
    if (!profile) throw refuse.notFound();
    return profile;
  };

  return {
    getProfile({ session }) {
      return ownProfile(session.user.id);
    },

    async updateProfile({ body, session }) {
      // The whole form: a phone left out or blank is cleared.
      await updateProfile(app.database, session.user.id, {
        firstName: body.first_name,
        lastName: body.last_name,
        phone: body.phone ?? null,
      });
      return ownProfile(session.user.id);
    },

    async updatePreferences({ body, session }) {
      await updatePreferences(app.database, session.user.id, {
        language: body.language,
        appearance: body.appearance,
      });
      return ownProfile(session.user.id);
    },
  };
}
