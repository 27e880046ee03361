// Demo chats (spec sections 3 and 4): the contacts with their presence and last message, a search by
// name, the selected chat's conversation (chat 1 by default) and a message box; all in the URL and
// working without JavaScript.
import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { IconPaperclip } from '@tabler/icons-react';
import { useTranslation } from '~/components/translation';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { TextField } from '~/components/form-field';
import { PageLinks } from '~/components/demo-page-links';
import { FormErrors, SubmitButton } from '~/components/form-parts';
import { formatDateTime, formatRelative } from '~/components/format';
import { SearchForm } from '~/components/list-table';
import { isolated } from '~/components/messaging/parts';
import { PresenceBadge } from '~/components/messaging/presence';
import { PageHeading } from '~/components/page-parts';
import { titleMeta } from '~/components/page-title';
import { Avatar, Card, Grid, Sheet, Stack, Text } from '~/components/ui';
import { CHAT_ME } from '~/fixtures/chats';
import type { ChatContact, ChatMessage } from '~/fixtures/types';
import { chatListParams, chatMessageSchema } from '~/forms/messaging';
import { backTo, demoScreen, demoChange, demoUser, withinLimits } from '~/services/demo/screen.server';
import { sendChatMessage, type DemoState } from '~/services/demo/store.server';
import { DEMO_PAGE, latestPage } from '~/services/demo/limits';
import { pageTools } from '~/services/page.server';
import { recordIdOr404 } from '~/services/params.server';
import { readForm } from '~/services/form-body.server';

const SCREEN = '/apps/chats';
/** The chat shown when the URL names none (spec section 9). */
const DEFAULT_CHAT = 1;

export const handle = { i18n: ['common', 'messaging'] };

/** The chat the URL names (?chat=), chat 1 when it names none; anything else is a 404. */
function selectedChat(state: DemoState, raw: string | null): ChatContact {
  const id = raw === null ? DEFAULT_CHAT : recordIdOr404(raw);
  const chat = state.chats.find((candidate) => candidate.id === id);
  if (!chat) throw new Response('Not found', { status: 404 });
  return chat;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { state } = await demoScreen(request, SCREEN);
  const { t, title } = await pageTools(request, 'messaging');
  const url = new URL(request.url);
  const params = chatListParams.parse(Object.fromEntries(url.searchParams));
  const chat = selectedChat(state, url.searchParams.get('chat'));
  const wanted = params.q?.toLocaleLowerCase();
  const contacts = state.chats
    .filter((contact) => !wanted || contact.name.toLocaleLowerCase().includes(wanted))
    .map((contact) => {
      const last = contact.messages.at(-1);
      return {
        id: contact.id,
        name: contact.name,
        status: contact.status,
        thumb: contact.thumb,
        excerpt: contact.excerpt,
        lastIsImage: last?.type === 'image',
        lastAt: last?.createdAt ?? null,
      };
    });
  // Relative times are counted from the server's clock, the same when the browser takes the page over.
  // One page of the messages (the latest), so the page stays small however many were sent.
  const messages = latestPage(chat.messages, params.page, DEMO_PAGE.messages);
  return {
    title: title(t('chats.title')),
    params,
    contacts,
    chat: { ...chat, messages: messages.items },
    messagePaging: messages.paging,
    now: new Date().toISOString(),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const signedIn = await demoUser(request, SCREEN);
  const submission = parseWithZod(await readForm(request), { schema: chatMessageSchema });
  return demoChange(signedIn, async (state) => {
    const chat = selectedChat(state, new URL(request.url).searchParams.get('chat'));
    if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
    const sent = withinLimits(() => sendChatMessage(state, chat.id, submission.value.message, CHAT_ME));
    if (!sent.ok) return data(submission.reply({ formErrors: [sent.key] }), { status: 400 });
    // Back to the same chat, search kept, on the page that shows the new message.
    return backTo(request, { page: null });
  });
}

export const meta = titleMeta;

/** The list's links keep the search and change the chat. */
function chatHref(id: number, q: string | undefined): string {
  const search = new URLSearchParams();
  if (q) search.set('q', q);
  search.set('chat', String(id));
  return `?${search}`;
}

function Message({ message, chat }: { message: ChatMessage; chat: ChatContact }) {
  const { t, i18n } = useTranslation('messaging');
  const own = message.senderId !== chat.id;
  return (
    <li style={{ alignSelf: own ? 'flex-end' : 'flex-start', maxWidth: '80%', listStyle: 'none' }}>
      <Text
        level="body-xs"
        textColor="text.tertiary"
        textAlign={own ? 'end' : 'start'}
        style={{ display: 'block', marginBlockEnd: 4 }}
      >
        <bdi>{own ? t('chats.you') : chat.name}</bdi>
        {' · '}
        <time dateTime={message.createdAt}>{formatDateTime(message.createdAt, i18n.language)}</time>
      </Text>
      <Sheet
        variant={own ? 'solid' : 'soft'}
        color={own ? 'primary' : 'neutral'}
        dir="auto"
        style={{
          paddingInline: 12,
          paddingBlock: 8,
          borderRadius: 'var(--joy-radius-lg)',
          overflowWrap: 'anywhere',
          whiteSpace: 'pre-wrap',
        }}
      >
        {message.type === 'image' ? (
          <img
            src={message.msg}
            alt={t('chats.imageFrom', { name: own ? t('chats.you') : chat.name })}
            style={{ display: 'block', maxWidth: '100%', width: 240, borderRadius: 'var(--joy-radius-sm)' }}
          />
        ) : (
          message.msg
        )}
        {message.attachments.length > 0 && (
          <Stack
            component="ul"
            aria-label={t('chats.attachments')}
            gap={0.5}
            className="demo-social-bare-list"
            style={{ marginBlockStart: 8 }}
          >
            {message.attachments.map((attachment) => (
              <Stack
                key={attachment.file}
                component="li"
                direction="row"
                gap={1}
                alignItems="center"
                style={{ listStyle: 'none' }}
              >
                <IconPaperclip aria-hidden size={16} />
                <span dir="ltr">{attachment.file}</span>
                <Text level="body-xs" textColor="inherit" style={{ opacity: 0.8 }}>
                  {t('chats.fileSize', { size: isolated(attachment.fileSize) })}
                </Text>
              </Stack>
            ))}
          </Stack>
        )}
      </Sheet>
    </li>
  );
}

function Composer({ chat }: { chat: ChatContact }) {
  const { t } = useTranslation('messaging');
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: `chat-${chat.id}`,
    lastResult,
    constraint: getZodConstraint(chatMessageSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: chatMessageSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  });
  return (
    <Form method="post" {...getFormProps(form)} aria-label={t('chats.sendTo', { name: chat.name })}>
      <Stack gap={1}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <Stack direction={{ xs: 'column', sm: 'row' }} gap={1} alignItems={{ sm: 'flex-end' }}>
          <div style={{ flex: 1 }}>
            <TextField
              field={fields.message}
              label={t('chats.message')}
              required
              autoComplete="off"
              dir="auto"
            />
          </div>
          <SubmitButton>{t('chats.send')}</SubmitButton>
        </Stack>
      </Stack>
    </Form>
  );
}

export default function Chats() {
  const { params, contacts, chat, messagePaging, now } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation('messaging');
  return (
    <Stack gap={3}>
      <PageHeading title={t('chats.title')} intro={t('chats.intro')} />
      <Grid container spacing={2}>
        <Grid xs={12} md={4}>
          <Card component="section" aria-labelledby="chats-contacts">
            <Text id="chats-contacts" level="title-lg" component="h2">
              {t('chats.contacts')}
            </Text>
            <SearchForm
              searchId="chats-search"
              searchValue={params.q}
              placeholder={t('chats.searchPlaceholder')}
            >
              <input type="hidden" name="chat" value={chat.id} />
            </SearchForm>
            <Text level="body-sm" role="status">
              {t('chats.count', { count: contacts.length })}
            </Text>
            <Stack component="ul" gap={0.5} style={{ margin: 0, padding: 0 }}>
              {contacts.map((contact) => {
                const current = contact.id === chat.id;
                return (
                  <li key={contact.id} style={{ listStyle: 'none' }}>
                    <Link
                      to={chatHref(contact.id, params.q)}
                      aria-current={current ? 'page' : undefined}
                      className="demo-social-item demo-social-chat-item"
                    >
                      <Avatar src={contact.thumb} alt="" />
                      <div style={{ minWidth: 0, flex: 1 }}>
                        <Stack direction="row" justifyContent="space-between" gap={1}>
                          <Text level="title-sm" noWrap>
                            <bdi>{contact.name}</bdi>
                          </Text>
                          {contact.lastAt && (
                            <Text level="body-xs" textColor="text.tertiary" noWrap>
                              <time
                                dateTime={contact.lastAt}
                                title={formatDateTime(contact.lastAt, i18n.language)}
                              >
                                {formatRelative(contact.lastAt, now, i18n.language)}
                              </time>
                            </Text>
                          )}
                        </Stack>
                        <PresenceBadge status={contact.status} />
                        <Text level="body-sm" textColor="text.secondary" noWrap>
                          {contact.lastIsImage ? t('chats.photo') : <bdi>{contact.excerpt}</bdi>}
                        </Text>
                      </div>
                    </Link>
                  </li>
                );
              })}
            </Stack>
            {contacts.length === 0 && <Text>{t('chats.noContacts')}</Text>}
          </Card>
        </Grid>
        <Grid xs={12} md={8}>
          <Card component="section" aria-labelledby="chats-conversation">
            <Stack direction="row" gap={1.5} alignItems="center">
              <Avatar src={chat.thumb} alt="" size="lg" />
              <div>
                <Text id="chats-conversation" level="title-lg" component="h2">
                  {t('chats.conversationWith', { name: chat.name })}
                </Text>
                <PresenceBadge status={chat.status} />
              </div>
            </Stack>
            <PageLinks paging={messagePaging} pageParam="page" anchor="chats-conversation" kind="messages" />
            {/* column-reverse keeps the newest message in view without any script. */}
            <div
              style={{ display: 'flex', flexDirection: 'column-reverse', maxHeight: 520, overflowY: 'auto' }}
            >
              <Stack
                component="ol"
                aria-label={t('chats.messages')}
                gap={1.5}
                style={{ margin: 0, padding: 8 }}
              >
                {chat.messages.map((message) => (
                  <Message key={message.id} message={message} chat={chat} />
                ))}
              </Stack>
            </div>
            {chat.messages.length === 0 && <Text>{t('chats.noMessages')}</Text>}
            <Composer key={`${chat.id}-${messagePaging.total}`} chat={chat} />
          </Card>
        </Grid>
      </Grid>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
