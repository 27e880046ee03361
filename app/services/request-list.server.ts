// Loader and review action of the request lists: the client's own (/apps/send-client-requests) and the
// staff's (/apps/client-service-requests, /apps/shipping/requests); the review action also serves a
// request's own page (/apps/requests/:id).
import { parseWithZod } from '@conform-to/zod';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import type { Service } from '~/catalog';
import { requestListParams, reviewSchema } from '~/forms/requests';
import { isStaff, rolesFor } from './access';
import { requireUser } from './auth.server';
import { isBackofficeError } from './backoffice/client.server';
import { attempt, loadPart } from './errors.server';
import { redirectWithFlash } from './flash.server';
import { pageTools } from './page.server';
import { listRequests, reviewRequest } from './requests.server';
import { readForm } from './form-body.server';

export async function requestListLoader(
  { request }: LoaderFunctionArgs,
  screen: string,
  options: { titleKey: string; service?: Service },
) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(screen) });
  const { t, title, common } = await pageTools(request, 'requests');
  const url = new URL(request.url);
  const params = requestListParams.parse(Object.fromEntries(url.searchParams));
  const staff = isStaff(signedIn.user.roles);
  const base = {
    title: title(t(options.titleKey)),
    staff,
    params,
    fixedService: options.service ?? null,
  };
  // A failed fetch is said, with a retry; never shown as an empty list.
  const loaded = await loadPart(
    listRequests(signedIn, params, { service: options.service }, url),
    'request list',
    common,
  );
  return { ...base, page: loaded.value, loadError: loaded.error };
}

export async function reviewAction({ request }: ActionFunctionArgs, screen: string) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(screen) });
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: reviewSchema });
  if (submission.status !== 'success') {
    return data(
      { review: submission.reply(), reviewId: Number(formData.get('id')) || null },
      { status: 400 },
    );
  }
  const { id, decision, note } = submission.value;
  // A decision is asked twice (a second step, with or without JavaScript): first what it will be, then
  // "yes"; "change" brings the form back with the note as typed.
  if (formData.get('change') === '1') return data({ edit: { id, note: note ?? '' } });
  if (formData.get('confirm') !== '1') return data({ confirm: { id, decision, note: note ?? '' } });
  const reviewed = await attempt(() => reviewRequest(signedIn, id, decision, note), 'review request', {
    keyFor: (error) =>
      isBackofficeError(error) && error.code === 'conflict' ? 'requests:review.alreadyReviewed' : null,
  });
  if (!reviewed.ok) {
    return data({ review: submission.reply({ formErrors: [reviewed.key] }), reviewId: id }, { status: 400 });
  }
  // Back to the same page (a list's search, tab and page kept), saying what became of the request.
  const back = new URL(request.url);
  back.searchParams.delete('index');
  return redirectWithFlash(request, `${back.pathname}${back.search}`, {
    key: 'requests:list.reviewed',
    values: { id },
    words: { status: `catalog:requestStatuses.${decision}` },
  });
}
