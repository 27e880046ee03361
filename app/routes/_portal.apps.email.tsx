// Demo e-mail (spec sections 3 and 4): folders are flags (a mail may be in several), labels filter, a
// search, the selected mail with its flags as toggles and Delete as a reversible trash flag. The mail's
// HTML is sanitised here on the server and shown in a sandboxed frame that can run nothing.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Link, useFetcher, useLoaderData } from '@remix-run/react';
import { IconPaperclip, IconStarFilled } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '~/components/translation';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { formatDateTime } from '~/components/format';
import { SearchForm } from '~/components/list-table';
import { isolated } from '~/components/messaging/parts';
import { FieldList, PageHeading } from '~/components/page-parts';
import { titleMeta } from '~/components/page-title';
import { FilterSelect } from '~/components/select-field';
import { Button, Card, Grid, Stack, StatusLabel, Text } from '~/components/ui';
import { EMAIL_LABELS, type Email } from '~/fixtures/types';
import {
  EMAIL_FOLDERS,
  emailListParams,
  emailToggleSchema,
  type EmailFolder,
  type EmailListParams,
} from '~/forms/messaging';
import { backTo, demoScreen, orNotFound, demoChange, demoUser } from '~/services/demo/screen.server';
import { emailDocument } from '~/services/demo/email-html.server';
import { toggleEmailFlag, type DemoState } from '~/services/demo/store.server';
import { pageTools } from '~/services/page.server';
import { recordIdOr404 } from '~/services/params.server';
import { readForm } from '~/services/form-body.server';

const SCREEN = '/apps/email';
/** The mail shown when the URL names none, if the folder holds it (spec section 9). */
const DEFAULT_EMAIL = 1;

export const handle = { i18n: ['common', 'messaging'] };

/** Whether the mail shows in the folder: trashed mails only in Trash, the rest by their flags. */
function inFolder(email: Email, folder: EmailFolder): boolean {
  if (folder === 'trash') return email.trash;
  return !email.trash && email[folder];
}

function listOf(state: DemoState, params: EmailListParams): Email[] {
  const wanted = params.q?.toLocaleLowerCase();
  return state.emails
    .filter((email) => inFolder(email, params.folder))
    .filter((email) => !params.label || email.label === params.label)
    .filter(
      (email) =>
        !wanted ||
        [email.from, email.subject, email.emailExcerpt].some((text) =>
          text.toLocaleLowerCase().includes(wanted),
        ),
    )
    .sort((a, b) => b.time.localeCompare(a.time));
}

/** The mail the URL names (?id=, in any folder, else 404); without one mail 1 or the list's first. */
function selectedEmail(state: DemoState, list: Email[], raw: string | null): Email | null {
  if (raw === null) return list.find((email) => email.id === DEFAULT_EMAIL) ?? list[0] ?? null;
  const id = recordIdOr404(raw);
  const email = state.emails.find((candidate) => candidate.id === id);
  if (!email) throw new Response('Not found', { status: 404 });
  return email;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { state } = await demoScreen(request, SCREEN);
  const { t, title } = await pageTools(request, 'messaging');
  const url = new URL(request.url);
  const params = emailListParams.parse(Object.fromEntries(url.searchParams));
  const list = listOf(state, params);
  const email = selectedEmail(state, list, url.searchParams.get('id'));
  const counts = Object.fromEntries(
    EMAIL_FOLDERS.map((folder) => [folder, state.emails.filter((mail) => inFolder(mail, folder)).length]),
  ) as Record<EmailFolder, number>;
  return {
    title: title(t('email.title')),
    params,
    counts,
    list: list.map(({ emailContent: _content, attchments: _files, ...summary }) => summary),
    email: email && (({ emailContent: _content, ...rest }) => rest)(email),
    /** The selected mail's body: sanitised HTML in a whole document, for the sandboxed frame. */
    body: email ? emailDocument(email.emailContent) : null,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const signedIn = await demoUser(request, SCREEN);
  const parsed = emailToggleSchema.safeParse(Object.fromEntries(await readForm(request)));
  return demoChange(signedIn, async (state) => {
    if (!parsed.success) return data({ ok: false }, { status: 400 });
    orNotFound(() => toggleEmailFlag(state, parsed.data.id, parsed.data.intent));
    // With JavaScript the toggle posts in the background and the page's data is fetched again: a redirect
    // would be followed as a navigation, and could take back a user who has clicked elsewhere meanwhile.
    if (parsed.data.respond === 'data') return data({ ok: true });
    // Without it, back to the same folder, filter and mail.
    return backTo(request);
  });
}

export const meta = titleMeta;

type Params = EmailListParams & { id?: number };

/** The screen's URL for these list settings (default folder left out). */
function hrefOf(params: Params): string {
  const search = new URLSearchParams();
  if (params.folder !== 'inbox') search.set('folder', params.folder);
  if (params.label) search.set('label', params.label);
  if (params.q) search.set('q', params.q);
  if (params.id) search.set('id', String(params.id));
  const query = search.toString();
  return query ? `?${query}` : SCREEN;
}

/** A flag as a toggle button (aria-pressed), or Delete/Restore for the trash flag. */
function Toggle({
  email,
  flag,
}: {
  email: { id: number } & Record<'starred' | 'important' | 'checked' | 'unread' | 'trash', boolean>;
  flag: 'starred' | 'important' | 'checked' | 'unread' | 'trash';
}) {
  const { t } = useTranslation('messaging');
  const fetcher = useFetcher();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const pending = fetcher.state !== 'idle' && fetcher.formData?.get('intent') === flag;
  // While the change is on its way, show it as done.
  const on = pending ? !email[flag] : email[flag];
  return (
    <fetcher.Form method="post" preventScrollReset>
      <input type="hidden" name="id" value={email.id} />
      {hydrated && <input type="hidden" name="respond" value="data" />}
      {flag === 'trash' ? (
        <Button
          type="submit"
          name="intent"
          value="trash"
          size="sm"
          variant="outlined"
          color={email.trash ? 'neutral' : 'danger'}
          loading={pending}
        >
          {email.trash ? t('email.restore') : t('email.delete')}
        </Button>
      ) : (
        <Button
          type="submit"
          name="intent"
          value={flag}
          size="sm"
          variant={on ? 'solid' : 'outlined'}
          color={on ? 'primary' : 'neutral'}
          aria-pressed={on}
        >
          {t(`email.toggles.${flag}`)}
        </Button>
      )}
    </fetcher.Form>
  );
}

export default function EmailScreen() {
  const { params, counts, list, email, body } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation('messaging');
  const time = (iso: string) => <time dateTime={iso}>{formatDateTime(iso, i18n.language)}</time>;
  return (
    <Stack gap={3}>
      <PageHeading title={t('email.title')} intro={t('email.intro')} />
      <Grid container spacing={2}>
        <Grid xs={12} md={3}>
          <Stack gap={2}>
            <Card component="nav" aria-label={t('email.folders')}>
              <Text level="title-md" component="h2">
                {t('email.folders')}
              </Text>
              <Stack component="ul" gap={0.5} style={{ margin: 0, padding: 0 }}>
                {EMAIL_FOLDERS.map((folder) => {
                  const current = folder === params.folder;
                  return (
                    <li key={folder} style={{ listStyle: 'none' }}>
                      <Button
                        component={Link}
                        to={hrefOf({ ...params, folder, id: undefined })}
                        aria-current={current ? 'page' : undefined}
                        variant={current ? 'soft' : 'plain'}
                        color={current ? 'primary' : 'neutral'}
                        fullWidth
                        style={{ justifyContent: 'space-between' }}
                        endDecorator={<StatusLabel colour="neutral">{counts[folder]}</StatusLabel>}
                      >
                        {t(`email.folderNames.${folder}`)}
                      </Button>
                    </li>
                  );
                })}
              </Stack>
            </Card>
          </Stack>
        </Grid>
        <Grid xs={12} md={9}>
          <Stack gap={2}>
            <SearchForm
              searchId="email-search"
              searchValue={params.q}
              placeholder={t('email.searchPlaceholder')}
            >
              <input type="hidden" name="folder" value={params.folder} />
              <FilterSelect
                name="label"
                label={t('email.label')}
                value={params.label ?? ''}
                options={[
                  { value: '', label: t('email.allLabels') },
                  ...EMAIL_LABELS.map((label) => ({ value: label, label: t(`email.labels.${label}`) })),
                ]}
              />
            </SearchForm>
            <Grid container spacing={2}>
              <Grid xs={12} lg={5}>
                <Card component="section" aria-labelledby="email-list">
                  <Text id="email-list" level="title-md" component="h2">
                    {t(`email.folderNames.${params.folder}`)}
                  </Text>
                  <Text level="body-sm" role="status">
                    {t('email.count', { count: list.length })}
                  </Text>
                  {list.length === 0 ? (
                    <Text>{t('email.empty')}</Text>
                  ) : (
                    <Stack component="ul" gap={0.5} style={{ margin: 0, padding: 0 }}>
                      {list.map((mail) => {
                        const current = mail.id === email?.id;
                        return (
                          <li key={mail.id} style={{ listStyle: 'none' }}>
                            <Link
                              to={hrefOf({ ...params, id: mail.id })}
                              aria-current={current ? 'page' : undefined}
                              className="demo-social-item demo-social-mail-item"
                            >
                              <Stack direction="row" justifyContent="space-between" gap={1}>
                                <Text level="title-sm" fontWeight={mail.unread ? 'lg' : 'md'} noWrap>
                                  <bdi>{mail.from}</bdi>
                                </Text>
                                <Text level="body-xs" textColor="text.tertiary" noWrap>
                                  {time(mail.time)}
                                </Text>
                              </Stack>
                              <Text level="body-sm" fontWeight={mail.unread ? 'lg' : 'md'} noWrap>
                                <bdi>{mail.subject}</bdi>
                              </Text>
                              <Text
                                level="body-xs"
                                textColor="text.secondary"
                                noWrap
                                style={{ display: 'block' }}
                              >
                                <bdi>{mail.emailExcerpt}</bdi>
                              </Text>
                              <Stack
                                direction="row"
                                gap={0.5}
                                alignItems="center"
                                style={{ marginBlockStart: 4 }}
                                flexWrap="wrap"
                              >
                                {mail.unread && (
                                  <StatusLabel colour="primary" variant="solid">
                                    {t('email.unread')}
                                  </StatusLabel>
                                )}
                                {mail.attachment && (
                                  <StatusLabel colour="neutral">
                                    <span className="demo-social-label-icon">
                                      <IconPaperclip aria-hidden size={14} />
                                    </span>
                                    {t('email.hasAttachment')}
                                  </StatusLabel>
                                )}
                                {mail.starred && (
                                  <StatusLabel colour="warning">
                                    <span className="demo-social-label-icon">
                                      <IconStarFilled aria-hidden size={14} />
                                    </span>
                                    {t('email.starred')}
                                  </StatusLabel>
                                )}
                              </Stack>
                            </Link>
                          </li>
                        );
                      })}
                    </Stack>
                  )}
                </Card>
              </Grid>
              <Grid xs={12} lg={7}>
                {email && body ? (
                  <Card component="article" aria-labelledby="email-subject">
                    <Text
                      id="email-subject"
                      level="title-lg"
                      component="h2"
                      style={{ overflowWrap: 'anywhere' }}
                    >
                      <bdi>{email.subject}</bdi>
                    </Text>
                    <Stack
                      direction="row"
                      gap={1}
                      flexWrap="wrap"
                      aria-label={t('email.actions')}
                      role="group"
                    >
                      {(['starred', 'important', 'checked', 'unread', 'trash'] as const).map((flag) => (
                        <Toggle key={flag} email={email} flag={flag} />
                      ))}
                    </Stack>
                    <FieldList
                      labelWidth={110}
                      rows={[
                        { label: t('email.from'), value: <bdi>{email.from}</bdi> },
                        { label: t('email.to'), value: email.To, ltr: true },
                        { label: t('email.time'), value: time(email.time) },
                        { label: t('email.label'), value: t(`email.labels.${email.label}`) },
                        {
                          label: t('email.inFolders'),
                          value: new Intl.ListFormat(i18n.language, { type: 'unit' }).format(
                            EMAIL_FOLDERS.filter((folder) => email[folder]).map((folder) =>
                              t(`email.folderNames.${folder}`),
                            ),
                          ),
                        },
                      ]}
                    />
                    {email.attchments.length > 0 && (
                      <div>
                        <Text level="title-sm" component="h3" style={{ marginBlockEnd: 8 }}>
                          {t('email.attachments')}
                        </Text>
                        <Stack component="ul" gap={1} style={{ margin: 0, padding: 0 }}>
                          {email.attchments.map((file) => (
                            <Stack
                              key={file.id}
                              component="li"
                              direction="row"
                              gap={1}
                              alignItems="center"
                              style={{ listStyle: 'none' }}
                            >
                              <img src={file.image} alt="" style={{ width: 32, height: 32 }} />
                              <span dir="ltr">{file.title}</span>
                              <Text level="body-xs" textColor="text.tertiary">
                                {t('email.fileSize', { size: isolated(file.fileSize) })}
                              </Text>
                            </Stack>
                          ))}
                        </Stack>
                      </div>
                    )}
                    {/* Sanitised on the server, and the frame may run nothing (sandbox without allow-scripts). */}
                    <iframe
                      sandbox=""
                      srcDoc={body}
                      title={t('email.bodyFrame', { subject: email.subject })}
                      style={{
                        width: '100%',
                        height: 360,
                        border: '1px solid var(--joy-palette-neutral-outlinedBorder)',
                        borderRadius: 'var(--joy-radius-sm)',
                        backgroundColor: '#fff',
                      }}
                    />
                  </Card>
                ) : (
                  <Text>{t('email.noneSelected')}</Text>
                )}
              </Grid>
            </Grid>
          </Stack>
        </Grid>
      </Grid>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
