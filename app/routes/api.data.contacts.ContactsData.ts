// GET /api/data/contacts/ContactsData (spec section 7): the signed-in user's contacts (the samples are
// empty), a bare array as the template's mock answered.
import { getOnly, listLoader } from '~/services/demo/api.server';

export const loader = listLoader('contacts', (state) => state.contacts);
export const action = getOnly;
