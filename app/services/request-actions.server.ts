// The actions behind the request forms: read the multipart form as it streams, validate, send, and on any
// problem return the form with what was typed and a message (attachments must be chosen again).
import type { Submission } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { data, type ActionFunctionArgs } from '@remix-run/node';
import type { Service } from '~/catalog';
import { SHIPMENT_SERVICES, staffRequestSchema } from '~/forms/customers';
import {
  detailedRequestSchema,
  financeRequestSchema,
  quotationRequestSchema,
  serviceRequestSchema,
} from '~/forms/requests';
import { rolesFor } from './access';
import { requireUser, type SignedIn } from './auth.server';
import { getCustomer } from './customers.server';
import { reportError } from './errors.server';
import { redirectWithFlash, type Flash } from './flash.server';
import { formKeyFrom } from './idempotency.server';
import { detailedDraft, financeDraft, serviceDraft } from './request-drafts.server';
import { sendFailureMessage, sendRequest, uploadProblemMessage, type RequestDraft } from './requests.server';
import { guardUpload, withUploadForm } from './uploads.server';

const ATTACHMENTS = 'attachments';

interface Filing<T> {
  /** Staff file for a customer: whose request it is. */
  partner?: (value: T, signedIn: SignedIn) => Promise<{ id: number; email: string }>;
  /** Where to go once it is sent, and what to say there. */
  done?: (id: number) => { url: string; flash: Flash };
}

async function handle<T>(
  args: ActionFunctionArgs,
  screen: string,
  parse: (formData: FormData) => Submission<unknown, string[], T>,
  toDraft: (value: T) => RequestDraft,
  filing: Filing<T> = {},
) {
  const signedIn = await guardUpload(args.request, () =>
    requireUser(args.request, { anyOf: rolesFor(screen) }),
  );
  // The turn lasts until the files are with the back office (or refused): only then are they let go.
  return withUploadForm(args.request, { fileField: ATTACHMENTS }, async (upload) => {
    const submission = parse(upload.formData);
    const uploadErrors = upload.problems.map(uploadProblemMessage);
    if (submission.status !== 'success' || uploadErrors.length > 0) {
      return data(
        submission.reply({ fieldErrors: uploadErrors.length ? { [ATTACHMENTS]: uploadErrors } : {} }),
        {
          status: 400,
        },
      );
    }
    try {
      const partner = filing.partner ? await filing.partner(submission.value, signedIn) : null;
      const key = formKeyFrom(upload.formData);
      const id = await sendRequest(signedIn, toDraft(submission.value), upload.files, partner, key);
      const done = filing.done?.(id) ?? {
        url: '/apps/send-client-requests',
        flash: { key: 'requests:list.sent', values: { id } },
      };
      return await redirectWithFlash(args.request, done.url, done.flash);
    } catch (error) {
      if (error instanceof Response) throw error;
      reportError('send request', error);
      const failure = sendFailureMessage(error);
      return data(
        submission.reply(
          failure.field
            ? { fieldErrors: { [failure.field]: [failure.message] } }
            : { formErrors: [failure.message] },
        ),
        { status: 400 },
      );
    }
  });
}

export function serviceRequestAction(args: ActionFunctionArgs) {
  return handle(
    args,
    '/apps/send-request-for-service',
    (formData) => parseWithZod(formData, { schema: serviceRequestSchema }),
    serviceDraft,
  );
}

export function detailedRequestAction(service: Exclude<Service, 'other'>, screen: string) {
  // A quotation request also names its destination, and opens on its own page: the lane's rate, when
  // there is one, prices it there at once.
  return (args: ActionFunctionArgs) =>
    handle(
      args,
      screen,
      // The detailed form's fields, with a destination required for a quotation.
      (formData) =>
        parseWithZod(formData, {
          schema: (service === 'quotation'
            ? quotationRequestSchema
            : detailedRequestSchema) as typeof detailedRequestSchema,
        }),
      (value) => detailedDraft(service, value),
      service === 'quotation'
        ? {
            done: (id) => ({
              url: `/apps/requests/${id}`,
              flash: { key: 'requests:list.sent', values: { id } },
            }),
          }
        : {},
    );
}

/** /apps/request-for-trade-finance: the application, its purpose as the request's words; it opens on its page. */
export function financeRequestAction(args: ActionFunctionArgs) {
  return handle(
    args,
    '/apps/request-for-trade-finance',
    (formData) => parseWithZod(formData, { schema: financeRequestSchema }),
    financeDraft,
    {
      done: (id) => ({ url: `/apps/requests/${id}`, flash: { key: 'requests:list.sent', values: { id } } }),
    },
  );
}

/** Staff file a request for a chosen customer; it is sent with the customer's partner and e-mail. */
export function staffRequestAction(args: ActionFunctionArgs) {
  return handle(
    args,
    '/apps/request-for-service',
    (formData) => parseWithZod(formData, { schema: staffRequestSchema }),
    (value) =>
      SHIPMENT_SERVICES.includes(value.service) && value.category
        ? {
            service: value.service,
            details: {
              category: value.category,
              containerType: value.containerType!,
              origin: value.origin!,
              cbm: value.cbm!,
              ...(value.service === 'quotation' && value.destination
                ? { destination: value.destination }
                : {}),
            },
            description: value.description,
          }
        : { service: value.service, description: value.description },
    {
      partner: async (value, signedIn) => {
        const customer = await getCustomer(signedIn, value.customer);
        return { id: customer.id, email: customer.email ?? signedIn.user.email };
      },
      done: (id) => ({
        url: '/apps/request-for-service',
        flash: { key: 'customers:staffRequest.sent', values: { id } },
      }),
    },
  );
}
