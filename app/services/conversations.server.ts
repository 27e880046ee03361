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
 * A message written from a record's page (`intent=message`) on that record (`id`, from the page's URL):
 * back to the page with a word that it was sent, or the form again with what was typed and why not. The
 * back office decides whether the person may write on that record and whether they may write an
 * internal note: a record out of their scope answers 404, a customer's internal note 403, as the page.
 */
export async function messageAction(
  request: Request,
  signedIn: SignedIn,
  record: { type: MessageRecord; id: number },
  formData: FormData,
) {
  const submission = parseWithZod(formData, { schema: messageSchema });
  if (submission.status !== 'success') {
    return data<MessageAnswer>({ kind: 'message', result: submission.reply() }, { status: 400 });
  }
  const { body, internal } = submission.value;
  const sent = await attempt(
    () =>
      signedIn.backoffice.call('postMessage', {
        params: { record_type: record.type, id: record.id },
        body: { body, internal },
        idempotencyKey: formKeyFrom(formData),
      }),
    'message',
    {
      // Answered below as the page answers them (404, 403), not logged.
      keyFor: (error) =>
        isBackofficeError(error, 'not_found') || isBackofficeError(error, 'forbidden')
          ? 'common:conversations.refused'
          : null,
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
