import { customerInScope, partnerScope } from '../access';
import type { App } from '../app';
import { checkContactImage } from '../attachments';
import { refuse, type CallHandlers } from '../http';
import { findContactImage, getContactDetails, setContactImage, updateContactDetails } from '../partners';

type ContactCalls = 'updateContactDetails' | 'updateContactImage' | 'getContactImage';

export function contactHandlers(app: App): Pick<CallHandlers, ContactCalls> {
  return {
    async updateContactDetails({ query, body, session }) {
      // Another customer, the staff's own partner and an unknown one are all "not found".
      if (!(await customerInScope(app.database, session.user, query.partner_id))) throw refuse.notFound();
      // The form sends every field: one left out, null or empty is cleared.
      const written = await updateContactDetails(app.database, partnerScope(session.user), query.partner_id, {
        name: body.name,
        phone: body.phone ?? null,
        street: body.street ?? null,
        city: body.city ?? null,
        country: body.country ?? null,
        companyName: body.company_name ?? null,
      });
      if (!written) throw refuse.notFound();
      const contact = await getContactDetails(app.database, partnerScope(session.user), query.partner_id);
      if (!contact) throw refuse.notFound();
      return contact;
    },

    async updateContactImage({ query, body, session }) {
      if (!(await customerInScope(app.database, session.user, query.partner_id))) throw refuse.notFound();
      const image = checkContactImage(body.image);
      if (!(await setContactImage(app.database, partnerScope(session.user), query.partner_id, image))) {
        throw refuse.notFound();
      }
      return { status: 'success' };
    },

    async getContactImage({ query, session }) {
      if (!(await customerInScope(app.database, session.user, query.partner_id))) throw refuse.notFound();
      const image = await findContactImage(app.database, partnerScope(session.user), query.partner_id);
      if (!image) throw refuse.notFound();
      return { mimetype: image.mimetype, data: image.data.toString('base64') };
    },
  };
}
