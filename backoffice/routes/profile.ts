import type { App } from '../app';
import { refuse, type CallHandlers } from '../http';
import { findProfile, updatePreferences, updateProfile } from '../profiles';

type ProfileCalls = 'getProfile' | 'updateProfile' | 'updatePreferences';

export function profileHandlers(app: App): Pick<CallHandlers, ProfileCalls> {
  /** Always the session's own user: these calls name nobody else. */
  const ownProfile = (userId: number) => {
    const profile = findProfile(app.db, userId);
    if (!profile) throw refuse.notFound();
    return profile;
  };

  return {
    getProfile({ session }) {
      return ownProfile(session.user.id);
    },

    updateProfile({ body, session }) {
      // The whole form: a phone left out or blank is cleared.
      updateProfile(app.db, session.user.id, {
        firstName: body.first_name,
        lastName: body.last_name,
        phone: body.phone ?? null,
      });
      return ownProfile(session.user.id);
    },

    updatePreferences({ body, session }) {
      updatePreferences(app.db, session.user.id, { language: body.language, appearance: body.appearance });
      return ownProfile(session.user.id);
    },
  };
}
