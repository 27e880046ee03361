// A record's conversation (ADR 057): the messages of the customer and staff, oldest first, each with
// who wrote it and when, staff's internal notes marked as such; and the form to write one. The form
// posts to the record's page (`intent=message`), which works without JavaScript; with it, the message
// is sent without leaving or reloading the page, and the form empties once it is on the list.
import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { useActionData, useFetcher } from '@remix-run/react';
import { MESSAGE_MAX } from '@contract/values';
import { useTranslation } from '~/components/translation';
import { formatDateTime } from '~/components/format';
import { FormErrors } from '~/components/form-parts';
import { CheckboxField, TextareaField } from '~/components/form-field';
import { formatBytes } from '~/components/format';
import { AttachmentsField } from '~/components/requests/request-form';
import { Alert, Button, Card, Stack, Text, TextLink } from '~/components/ui';
import { messageSchema } from '~/forms/conversations';
import { formKeyFor, IDEMPOTENCY_FIELD } from '~/forms/idempotency';
import type { MessageAnswer, Thread } from '~/services/conversations.server';

export function ConversationCard({
  thread,
  error,
  staff,
}: {
  /** Null when the conversation could not be loaded (`error` says why). */
  thread: Thread | null;
  error: string | null;
  staff: boolean;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Card>
      <Text level="title-lg" component="h2" id="conversation">
        {t('conversations.title')}
      </Text>
      {thread === null ? (
        <Alert color="warning" variant="soft" role="alert">
          {error ?? t('conversations.loadFailed')}
        </Alert>
      ) : (
        <>
          {thread.messages.length === 0 ? (
            <Text>{staff ? t('conversations.noneStaff') : t('conversations.none')}</Text>
          ) : (
            <Stack component="ol" gap={1.5} className="conversation" aria-labelledby="conversation">
              {thread.messages.map((message) => (
                <li
                  key={message.id}
                  className={message.internal ? 'message message-internal' : 'message'}
                  aria-label={t('conversations.from', { name: message.author_name })}
                >
                  <Text level="title-sm" component="p">
                    <bdi>{message.author_name}</bdi>
                    {' · '}
                    {message.by_staff ? t('conversations.staff') : t('conversations.customer')}
                    {message.internal && <span className="message-badge">{t('conversations.internal')}</span>}
                  </Text>
                  <Text level="body-xs" component="p">
                    <time dateTime={message.created_at}>
                      {formatDateTime(message.created_at, i18n.language)}
                    </time>
                  </Text>
                  <Text component="p" dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {message.body}
                  </Text>
                  {(message.attachments ?? []).length > 0 && (
                    <ul className="message-files" aria-label={t('conversations.files')}>
                      {message.attachments!.map((file) => (
                        <li key={file.id}>
                          <TextLink
                            to={`/apps/conversations/${thread.type}/${thread.id}/files/${file.id}`}
                            reloadDocument
                            download={file.filename}
                          >
                            <bdi>{file.filename}</bdi>
                          </TextLink>{' '}
                          <bdi style={{ whiteSpace: 'nowrap' }}>
                            ({formatBytes(file.size, i18n.language)})
                          </bdi>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </Stack>
          )}
          {/* Remounted with each new message: the form empties once its message is on the list. */}
          <MessageForm key={thread.messages.length} thread={thread} staff={staff} />
        </>
      )}
    </Card>
  );
}

function MessageForm({ thread, staff }: { thread: Thread; staff: boolean }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<MessageAnswer>();
  // Without JavaScript the refusal comes back as the page's answer; with it, as the fetcher's.
  const pageAnswer = useActionData<MessageAnswer | Record<string, unknown>>();
  const answer = fetcher.data ?? (pageAnswer?.kind === 'message' ? (pageAnswer as MessageAnswer) : undefined);
  const lastResult = answer?.result;
  const [form, fields] = useForm({
    id: `message-${thread.type}-${thread.id}`,
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: messageSchema }),
    shouldValidate: 'onSubmit',
  });
  const sending = fetcher.state !== 'idle';
  const key = formKeyFor(lastResult, thread.formKey);
  return (
    <fetcher.Form
      method="post"
      encType="multipart/form-data"
      preventScrollReset
      {...getFormProps(form)}
      aria-label={t('conversations.write')}
    >
      <Stack gap={1.5}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="intent" value="message" />
        {key && <input type="hidden" name={IDEMPOTENCY_FIELD} value={key} />}
        <TextareaField
          field={fields.body}
          label={t('conversations.message')}
          minRows={3}
          maxLength={MESSAGE_MAX}
        />
        <AttachmentsField field={fields.attachments} submitted={lastResult !== undefined} />
        {staff && <CheckboxField field={fields.internal} label={t('conversations.internalLabel')} />}
        <div>
          <Button type="submit" loading={sending} aria-disabled={sending || undefined}>
            {sending ? t('form.sending') : t('conversations.send')}
          </Button>
        </div>
      </Stack>
    </fetcher.Form>
  );
}
