// Reads back the message an action's redirect carries, as the next page's root loader would.
import type { Flash } from '../../app/services/flash.server';
import { args, cookiesFrom, pageRequest } from './portal-server';

/** The message the page after `redirect` shows (null when there is none). */
export async function flashAfter(redirect: Response): Promise<Flash | null> {
  const { loader } = await import('../../app/root');
  const next = pageRequest(redirect.headers.get('Location') ?? '/', { cookie: cookiesFrom(redirect) });
  return (await loader(args(next))).data.flash;
}
