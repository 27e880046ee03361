// Containers (admin): the loaders and actions of the add and edit pages and of a container's own page
// (load, unload, events).
import { parseWithZod } from '@conform-to/zod';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import type { ContainerActionData } from '~/components/shipping/container-parts';
import { messageWith } from '~/components/messages';
import {
  containerEventSchema,
  containerLoadSchema,
  containerSchema,
  containerUnloadSchema,
} from '~/forms/shipping';
import { rolesFor } from './access';
import { requireUser, type SignedIn } from './auth.server';
import {
  addContainerEvent,
  containerFormKeyFor,
  getContainer,
  loadContainer,
  saveContainer,
  unloadContainer,
} from './containers.server';
import { attempt, formErrorsOf, isBackofficeError } from './errors.server';
import { redirectWithFlash } from './flash.server';
import { readForm } from './form-body.server';
import { formKeyFrom, newFormKey } from './idempotency.server';
import { pageTools } from './page.server';
import { recordHistory } from './history.server';
import { recordIdOr404 } from './params.server';

const LIST = '/apps/shipping/container';

/** The add page (no `:id`) or the edit page with the container as it is now. */
export async function containerFormLoader({ request, params }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, {
    anyOf: rolesFor(params.id === undefined ? `${LIST}/new` : `${LIST}/:id/edit`),
  });
  const { t, title } = await pageTools(request, 'shipping');
  if (params.id === undefined)
    return { title: title(t('containers.addTitle')), record: null, ...newFormKey() };
  const record = await getContainer(signedIn, recordIdOr404(params.id));
  return { title: title(t('containers.editTitle', { name: record.name })), record };
}

/** Saves the container; on to its page with a notice, or the form again with what was typed. */
export async function containerFormAction({ request, params }: ActionFunctionArgs) {
  const signedIn = await requireUser(request, {
    anyOf: rolesFor(params.id === undefined ? `${LIST}/new` : `${LIST}/:id/edit`),
  });
  const id = params.id === undefined ? null : recordIdOr404(params.id);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: containerSchema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  const saved = await attempt(
    () => saveContainer(signedIn, id, submission.value, formKeyFrom(formData)),
    'save container',
    { keyFor: containerFormKeyFor },
  );
  if (!saved.ok) return data(submission.reply(formErrorsOf(saved)), { status: 400 });
  return redirectWithFlash(request, `${LIST}/${saved.value.id}`, {
    key: 'shipping:directory.saved',
    values: { name: saved.value.name },
  });
}

async function requireAdmin(request: Request) {
  return requireUser(request, { anyOf: rolesFor(`${LIST}/:id`) });
}

export async function containerPageLoader({ request, params }: LoaderFunctionArgs) {
  const signedIn = await requireAdmin(request);
  const container = await getContainer(signedIn, recordIdOr404(params.id));
  const { t, title } = await pageTools(request, 'shipping');
  return {
    title: title(t('containers.pageTitle', { name: container.name })),
    container,
    history: await recordHistory(signedIn, 'container', container.id),
    ...newFormKey(),
  };
}

function refused(formId: string, result: ContainerActionData['result']) {
  return data<ContainerActionData>({ formId, result }, { status: 400 });
}

/** Loads the ticked orders, takes one out, or adds an event (by the form's `intent`). */
export async function containerPageAction({ request, params }: ActionFunctionArgs) {
  const signedIn = await requireAdmin(request);
  const id = recordIdOr404(params.id);
  const formData = await readForm(request);
  const intent = formData.get('intent');
  if (intent === 'load') return loadAction(request, signedIn, id, formData);
  if (intent === 'unload') return unloadAction(request, signedIn, id, formData);
  if (intent === 'event') return eventAction(request, signedIn, id, formData);
  return refused('container-event', { status: 'error', error: { '': ['validation.required'] } });
}

async function loadAction(request: Request, signedIn: SignedIn, id: number, formData: FormData) {
  const formId = 'container-load';
  const submission = parseWithZod(formData, { schema: containerLoadSchema });
  if (submission.status !== 'success') return refused(formId, submission.reply());
  const done = await attempt(
    () => loadContainer(signedIn, id, submission.value.orderIds, formKeyFrom(formData)),
    'load container',
    {
      keyFor: (error) => {
        if (!isBackofficeError(error) || error.code === 'not_found') return null;
        const why = error.fieldMessages.order_ids;
        if (why === 'closed') return 'shipping:containers.closed';
        if (why === 'over_capacity') return { key: 'shipping:containers.overCapacity', field: 'orderIds' };
        return error.fields.includes('order_ids')
          ? { key: 'shipping:containers.notLoadable', field: 'orderIds' }
          : null;
      },
    },
  );
  if (!done.ok) return refused(formId, submission.reply(formErrorsOf(done)));
  return redirectWithFlash(request, `${LIST}/${id}`, {
    key: 'shipping:containers.loaded',
    values: { count: submission.value.orderIds.length },
  });
}

async function unloadAction(request: Request, signedIn: SignedIn, id: number, formData: FormData) {
  const formId = 'container-unload';
  const submission = parseWithZod(formData, { schema: containerUnloadSchema });
  if (submission.status !== 'success') throw new Response('Not found', { status: 404 });
  const done = await attempt(
    () => unloadContainer(signedIn, id, submission.value.orderId),
    'unload container',
    {
      keyFor: (error) => {
        if (isBackofficeError(error, 'not_found')) return 'shipping:containers.notInside';
        return isBackofficeError(error) && error.code === 'conflict' ? 'shipping:containers.closed' : null;
      },
    },
  );
  if (!done.ok) return refused(formId, { status: 'error', error: { '': [done.key] } });
  return redirectWithFlash(request, `${LIST}/${id}`, { key: 'shipping:containers.unloaded' });
}

async function eventAction(request: Request, signedIn: SignedIn, id: number, formData: FormData) {
  const formId = 'container-event';
  const submission = parseWithZod(formData, { schema: containerEventSchema });
  if (submission.status !== 'success') return refused(formId, submission.reply());
  // The drafts inside, named if the back office refuses the event because of them.
  const container = await getContainer(signedIn, id);
  const drafts = container.orders.filter((order) => order.status === 'draft').map((order) => order.name);
  const done = await attempt(
    () => addContainerEvent(signedIn, id, submission.value, formKeyFrom(formData)),
    'container event',
    {
      keyFor: (error) => {
        if (!isBackofficeError(error)) return null;
        if (error.fields.includes('event_time'))
          return { key: 'validation.dateInFuture', field: 'eventTime' };
        if (error.fieldMessages.milestone === 'draft_orders')
          return {
            key: messageWith('shipping:containers.draftOrders', { orders: drafts.join(', ') }),
            field: 'milestone',
          };
        return null;
      },
    },
  );
  if (!done.ok) return refused(formId, submission.reply(formErrorsOf(done)));
  return redirectWithFlash(request, `${LIST}/${id}#container-events`, {
    key: 'shipping:containers.eventAdded',
    values: { count: done.value.events[0]?.orders ?? 0 },
  });
}
