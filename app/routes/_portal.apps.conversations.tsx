// Everyone: the conversations on their records (a customer its own, staff every customer's; ADR 057),
// the newest message first, each with its record, its customer for staff, its last message and how many
// messages wait unread; a link to the record's page, where the conversation is read and answered. All or
// those with unread messages, and the page, in the URL.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { formatDateTime } from '~/components/format';
import { ListTable } from '~/components/list-table';
import { PageHeading } from '~/components/page-parts';
import { titleMeta } from '~/components/page-title';
import { Stack, StatusLabel, Text, TextLink } from '~/components/ui';
import { conversationListParams } from '~/forms/conversations';
import { isStaff, rolesFor } from '~/services/access';
import { requireUser } from '~/services/auth.server';
import { conversationTarget, myConversations } from '~/services/conversations.server';
import { loadPart } from '~/services/errors.server';
import { pageTools } from '~/services/page.server';

const SCREEN = '/apps/conversations';

export const handle = { i18n: ['common'] };

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(SCREEN) });
  const params = conversationListParams.parse(Object.fromEntries(new URL(request.url).searchParams));
  const { t, title, common } = await pageTools(request, 'common');
  const page = await loadPart(
    myConversations(signedIn, { unread: params.show === 'unread', page: params.page }),
    'conversations',
    common,
  );
  return {
    title: title(t('conversations.listTitle')),
    params,
    staff: isStaff(signedIn.user.roles),
    page: page.value
      ? { ...page.value, items: page.value.items.map((item) => ({ ...item, to: conversationTarget(item) })) }
      : null,
    loadError: page.error,
  };
}

export const meta = titleMeta;

export default function Conversations() {
  const data = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const unreadOnly = data.params.show === 'unread';
  return (
    <Stack gap={3} style={{ maxWidth: 960 }}>
      <PageHeading
        title={t('conversations.listTitle')}
        intro={data.staff ? t('conversations.introStaff') : t('conversations.intro')}
      />
      <Stack component="nav" direction="row" gap={2} aria-label={t('conversations.filter')}>
        <TextLink to="?" aria-current={unreadOnly ? undefined : 'page'}>
          {t('conversations.all')}
        </TextLink>
        <TextLink to="?show=unread" aria-current={unreadOnly ? 'page' : undefined}>
          {t('conversations.unreadOnly', { count: data.page?.unread ?? 0 })}
        </TextLink>
      </Stack>
      <ListTable
        page={data.page}
        failure={t('conversations.listFailed', { reason: data.loadError ?? '' })}
        empty={unreadOnly ? t('conversations.noneUnread') : t('conversations.noneYet')}
        count={t('conversations.count', { count: data.page?.total ?? 0 })}
        caption={t('conversations.listTitle')}
        minWidth={640}
        head={
          <>
            <th scope="col">{t('conversations.record')}</th>
            {data.staff && <th scope="col">{t('conversations.customerColumn')}</th>}
            <th scope="col">{t('conversations.last')}</th>
            <th scope="col">{t('conversations.when')}</th>
          </>
        }
      >
        {(data.page?.items ?? []).map((item) => (
          <tr key={`${item.record_type}-${item.record_id}`}>
            <td>
              <Stack direction="row" gap={1} alignItems="center" flexWrap="wrap">
                <TextLink to={`${item.to}#conversation`}>
                  {t(`conversations.records.${item.record_type}`, { name: item.record_name })}
                </TextLink>
                {item.unread > 0 && (
                  <StatusLabel variant="soft" colour="primary">
                    {t('conversations.unreadCount', { count: item.unread })}
                  </StatusLabel>
                )}
              </Stack>
            </td>
            {data.staff && (
              <td>
                <bdi>{item.partner_name}</bdi>
              </td>
            )}
            <td>
              <Text level="body-sm">
                {item.last_message.internal && (
                  <StatusLabel variant="soft" colour="warning">
                    {t('conversations.internal')}
                  </StatusLabel>
                )}{' '}
                <bdi>{item.last_message.author_name}</bdi>
                {': '}
                <bdi className="row-note">
                  {item.last_message.body.length > 120
                    ? `${item.last_message.body.slice(0, 119)}…`
                    : item.last_message.body}
                </bdi>
              </Text>
            </td>
            <td>{formatDateTime(item.last_message.created_at, i18n.language)}</td>
          </tr>
        ))}
      </ListTable>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
