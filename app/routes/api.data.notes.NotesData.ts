// GET /api/data/notes/NotesData (spec section 7): the signed-in user's notes (removed ones flagged
// `deleted`), a bare array as the template's mock answered.
import { getOnly, listLoader } from '~/services/demo/api.server';

export const loader = listLoader('notes', (state) => state.notes);
export const action = getOnly;
