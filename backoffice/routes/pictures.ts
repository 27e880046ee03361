import type { App } from '../app';
import { checkContactImage } from '../attachments';
import { refuse, type CallHandlers } from '../http';
import { findUserPicture, removeUserPicture, setUserPicture } from '../pictures';

type PictureCalls = 'getUserPicture' | 'updateUserPicture' | 'deleteUserPicture';

export function pictureHandlers(app: App): Pick<CallHandlers, PictureCalls> {
  /**
   * A picture is its person's own: another person's, staff's included, is "not found" (never
   * "forbidden"), whether or not they have one.
   */
  const ownUser = (id: number, sessionUserId: number) => {
    if (id !== sessionUserId) throw refuse.notFound();
    return id;
  };

  return {
    async getUserPicture({ params, session }) {
      const picture = await findUserPicture(app.database, ownUser(params.id, session.user.id));
      if (!picture) throw refuse.notFound();
      return { mimetype: picture.mimetype, data: picture.data.toString('base64'), version: picture.version };
    },

    async updateUserPicture({ params, body, session }) {
      const userId = ownUser(params.id, session.user.id);
      // Over the size limit: 413; anything but a PNG, JPEG or WebP by its first bytes: 400 on `image`.
      const image = checkContactImage(body.image);
      return { picture_version: await setUserPicture(app.database, userId, image) };
    },

    async deleteUserPicture({ params, session }) {
      await removeUserPicture(app.database, ownUser(params.id, session.user.id));
      return { picture_version: null };
    },
  };
}
