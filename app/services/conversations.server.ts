// Conversations on records (ADR 057): a record page's thread (read when shown), a message written from
// it, and the person's conversations.
import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { data } from '@remix-run/node';
import type { Conversation, Message, MessageRecord } from '@contract';
import type { TFunction } from 'i18next';
import { messageSchema } from '~/forms/conversations';
import type { SignedIn } from './auth.server';
import { attempt, formErrorsOf, isBackofficeError, loadPart, type Loaded } from './errors.server';
import { redirectWithFlash } from './flash.server';
import { formKeyFrom, newFormKey } from './idempotency.server';
import { recordPage } from './notifications.server';
import { PAGE_SIZE, pageQuery, type Page } from './paging';
import { sendFailureMessage, uploadProblemMessage } from './requests.server';
import { readForm } from './form-body.server';
import { withUploadForm, type UploadForm } from './uploads.server';

/**
 * Reads a record page's form and hands it to `work`: as it streams in, by the request upload rules, when
 * it carries files (the message form, the only one of a record page that sends any: `upload` then holds
 * them), else as a plain form. The upload's turn (uploads.server.ts) lasts until `work` is done.
 * `resend` is the same request with the form's text fields as a plain form, for handlers that read the
 * form themselves (a review, a share): the body is read once, an upload never held twice.
 */
export function withRecordForm<T>(
  request: Request,
  work: (formData: FormData, upload: UploadForm | null, resend: () => Request) => Promise<T>,
): Promise<T> {
  const resend = (formData: FormData) => () => {
    const headers = new Headers(request.headers);
    headers.set('Content-Type', 'application/x-www-form-urlencoded');
    headers.delete('Content-Length');
    const fields = [...formData].flatMap(([key, value]) => (typeof value === 'string' ? [[key, value]] : []));
    return new Request(request.url, { method: request.method, headers, body: new URLSearchParams(fields) });
  };
  if (!/^\s*multipart\/form-data/i.test(request.headers.get('content-type') ?? '')) {
    return readForm(request).then((formData) => work(formData, null, resend(formData)));
  }
  return withUploadForm(request, { fileField: 'attachments' }, (upload) =>
    work(upload.formData, upload, resend(upload.formData)),
  );
}

export type Thread = {
  type: MessageRecord;
  id: number;
  messages: Message[];
  /** How many the reader had not read before this page showed them. */
  unread: number;
  /** The key the message form carries (a retry writes one message). */
  formKey: string;
};

/** A record's conversation for its page, marked read; or why it could not be loaded. */
export function loadThread(
  signedIn: SignedIn,
  type: MessageRecord,
  id: number,
  t: TFunction,
): Promise<Loaded<Thread>> {
  return loadPart(
    signedIn.backoffice
      .call('listMessages', { params: { record_type: type, id } })
      .then((answer) => ({ type, id, ...answer, formKey: newFormKey().idempotencyKey })),
    'conversation',
    t,
  );
}

/** What the message form gets back when it was refused: its reply, with what was typed. */
export type MessageAnswer = { kind: 'message'; result: SubmissionResult<string[]> };

/**
 * A message written from a record's page (`intent=message`) on that record (`id`, from the page's URL),
 * with its files when the form sends any: back to the page with a word that it was sent, or the form again with what
 * was typed and why not. The back office decides whether the person may write on that record and
 * whether they may write an internal note: a record out of their scope answers 404, a customer's
 * internal note 403, as the page.
 */
export async function messageAction(
  request: Request,
  signedIn: SignedIn,
  record: { type: MessageRecord; id: number },
  formData: FormData,
  /** The files sent with the form, and what was wrong with them (`withRecordForm`). */
  upload: UploadForm | null = null,
) {
  const files = upload?.files ?? [];
  const problems = upload?.problems ?? [];
  const submission = parseWithZod(formData, { schema: messageSchema });
  if (submission.status !== 'success' || problems.length > 0) {
    const fieldErrors =
      problems.length > 0 ? { fieldErrors: { attachments: problems.map(uploadProblemMessage) } } : {};
    return data<MessageAnswer>({ kind: 'message', result: submission.reply(fieldErrors) }, { status: 400 });
  }
  const { body, internal } = submission.value;
  const sent = await attempt(
    () =>
      signedIn.backoffice.call('postMessage', {
        params: { record_type: record.type, id: record.id },
        body: {
          body,
          internal,
          attachments: files.map((file) => ({ filename: file.filename, data: file.data })),
        },
        idempotencyKey: formKeyFrom(formData),
      }),
    'message',
    {
      keyFor: (error) => {
        // Answered below as the page answers them (404, 403), not logged.
        if (isBackofficeError(error, 'not_found') || isBackofficeError(error, 'forbidden')) {
          return 'common:conversations.refused';
        }
        // A file refused (its content, the customer's storage quota): said under the files.
        const refusal = sendFailureMessage(error);
        return refusal.field === 'attachments' ? { field: 'attachments', key: refusal.message } : null;
      },
    },
  );
  if (!sent.ok) {
    if (isBackofficeError(sent.error, 'not_found')) throw new Response('Not found', { status: 404 });
    if (isBackofficeError(sent.error, 'forbidden')) throw new Response('Forbidden', { status: 403 });
    return data<MessageAnswer>(
      { kind: 'message', result: submission.reply({ ...formErrorsOf(sent) }) },
      { status: 400 },
    );
  }
  const url = new URL(request.url);
  return redirectWithFlash(request, `${url.pathname}${url.search}#conversation`, {
    key: internal ? 'common:conversations.noted' : 'common:conversations.sent',
  });
}

/** One page of the person's conversations (those with unread messages when asked). */
export async function myConversations(
  signedIn: SignedIn,
  params: { unread: boolean; page: number },
): Promise<Page<Conversation> & { unread: number }> {
  const answer = await signedIn.backoffice.call('listConversations', {
    query: { ...(params.unread ? { unread: 'true' as const } : {}), ...pageQuery(params.page) },
  });
  return {
    items: answer.conversations,
    total: answer.total,
    page: params.page,
    pages: Math.max(1, Math.ceil(answer.total / PAGE_SIZE)),
    unread: answer.unread,
  };
}

/** The page of the record a conversation is on. */
export function conversationTarget(
  conversation: Pick<Conversation, 'record_type' | 'record_id' | 'record_name'>,
) {
  return recordPage(conversation.record_type, conversation.record_id, conversation.record_name);
}

/** A file of a message on a record's conversation, for whoever may read the message (404 otherwise). */
export function messageAttachment(signedIn: SignedIn, type: MessageRecord, id: number, attachmentId: number) {
  return signedIn.backoffice.call('getMessageAttachment', {
    params: { record_type: type, id, attachment_id: attachmentId },
  });
}
