// "Shared links" under a shareable document: the live links the viewer may see (when made, by whom,
// until when), each with a Revoke button — a form posting to the page's action (intent=revoke), so it
// works without JavaScript; the page then says the link was revoked. Never printed.
import { Form, useActionData, useNavigation } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import { Button } from '~/components/ui';
import { formatDate, formatDateTime } from '~/components/format';
import { translateMessage } from '~/components/messages';
import { Alert, Sheet, Stack, Table, Text } from '~/components/ui';
import type { ShareLinkInfo } from '@contract';

/** What a page's action answers to intent=revoke (app/services/documents/share-action.server.ts). */
export type RevokeAnswer = { kind: 'revoked' } | { kind: 'revokeFailed'; message: string };

/** What the link opens, when the page has more than one document (a loan's files, statement periods). */
function subjectOf(link: ShareLinkInfo, language: string): string | null {
  if (link.document_name) return link.document_name;
  if (link.date_from && link.date_to)
    return `${formatDate(link.date_from, language)} – ${formatDate(link.date_to, language)}`;
  return null;
}

export function SharedLinks({ links }: { links: ShareLinkInfo[] | null }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const answer = useActionData<RevokeAnswer | { kind: string }>();
  const navigation = useNavigation();
  const revoking =
    navigation.state === 'submitting' && navigation.formData?.get('intent') === 'revoke'
      ? String(navigation.formData.get('share_id'))
      : null;
  const withSubject = links?.some((link) => subjectOf(link, language) !== null) ?? false;
  return (
    <Sheet
      component="section"
      aria-labelledby="shared-links-heading"
      variant="outlined"
      className="no-print"
      style={{ padding: 16, borderRadius: 'var(--joy-radius-md)' }}
    >
      <Stack gap={1.5}>
        <Text id="shared-links-heading" level="title-md" component="h2">
          {t('shareLinks.heading')}
        </Text>
        {answer?.kind === 'revoked' && (
          <Alert color="success" variant="soft" role="status">
            {t('shareLinks.revoked')}
          </Alert>
        )}
        {answer?.kind === 'revokeFailed' && 'message' in answer && (
          <Alert color="danger" variant="soft" role="alert">
            {t('shareLinks.revokeFailed', { reason: translateMessage(t, answer.message) })}
          </Alert>
        )}
        {links === null ? (
          <Text level="body-sm">{t('shareLinks.unavailable')}</Text>
        ) : links.length === 0 ? (
          <Text level="body-sm">{t('shareLinks.none')}</Text>
        ) : (
          <Table size="sm" className="finance-middle-cells">
            <thead>
              <tr>
                {withSubject && <th scope="col">{t('shareLinks.subject')}</th>}
                <th scope="col">{t('shareLinks.created')}</th>
                <th scope="col">{t('shareLinks.createdBy')}</th>
                <th scope="col">{t('shareLinks.expires')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('shareLinks.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {links.map((link) => {
                const created = formatDateTime(link.created_at, language);
                return (
                  <tr key={link.id}>
                    {withSubject && <td dir="auto">{subjectOf(link, language) ?? '—'}</td>}
                    <td>{created}</td>
                    <td dir="auto">{link.created_by ?? t('shareLinks.unknownCreator')}</td>
                    <td>{formatDateTime(link.expires_at, language)}</td>
                    <td>
                      <Form method="post">
                        <input type="hidden" name="intent" value="revoke" />
                        <input type="hidden" name="share_id" value={link.id} />
                        <Button
                          type="submit"
                          size="sm"
                          variant="outlined"
                          color="danger"
                          loading={revoking === String(link.id)}
                          aria-label={t('shareLinks.revokeLabel', { date: created })}
                        >
                          {t('shareLinks.revoke')}
                        </Button>
                      </Form>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
        )}
      </Stack>
    </Sheet>
  );
}
