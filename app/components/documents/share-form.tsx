// "Share" beside a document: a form that asks for a signed link (it works without JavaScript); the link
// then shows in a read-only field with Copy and, where the browser has it, the system's Share sheet.
import { Form, useActionData, useNavigation } from '@remix-run/react';
import { IconShare } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '~/components/translation';
import { Button } from '~/components/ui';
import { CopyButton } from '~/components/copy-button';
import { formatDate } from '~/components/format';
import { translateMessage } from '~/components/messages';
import { FormControl, FormLabel, Input, Stack, Text } from '~/components/ui';

/** What a page's action answers to intent=share (app/services/documents/share-action.server.ts). */
export type ShareAnswer =
  | { kind: 'share'; target: string; link: string; expiresAt: string }
  | { kind: 'shareFailed'; target: string; message: string };

/** The Web Share API's button, shown only when the browser offers it (after hydration). */
function SystemShare({ link, title }: { link: string; title: string }) {
  const { t } = useTranslation();
  const [available, setAvailable] = useState(false);
  useEffect(() => setAvailable(typeof navigator.share === 'function'), []);
  if (!available) return null;
  return (
    <Button
      size="sm"
      variant="soft"
      startDecorator={<IconShare aria-hidden size={16} />}
      onClick={() => void navigator.share({ title, url: link }).catch(() => undefined)}
    >
      {t('share.system')}
    </Button>
  );
}

/**
 * The share form for one document. `target` tells this form's answer from other share forms on the
 * page; `fields` are posted with it (e.g. the document's id).
 */
export function ShareForm({
  target,
  name,
  fields = {},
  size = 'sm',
}: {
  target: string;
  /** The document's name, for the button's and the link field's labels. */
  name: string;
  fields?: Record<string, string | number>;
  size?: 'sm' | 'md';
}) {
  const { t, i18n } = useTranslation();
  const answer = useActionData<ShareAnswer | { kind: string }>();
  const navigation = useNavigation();
  const busy =
    navigation.state === 'submitting' &&
    navigation.formData?.get('intent') === 'share' &&
    navigation.formData.get('target') === target;
  const mine =
    answer &&
    'target' in answer &&
    answer.target === target &&
    (answer.kind === 'share' || answer.kind === 'shareFailed')
      ? (answer as ShareAnswer)
      : null;
  const fieldId = `share-link-${target}`;
  return (
    <>
      <Form method="post" aria-label={t('share.label', { filename: name })}>
        <input type="hidden" name="intent" value="share" />
        <input type="hidden" name="target" value={target} />
        {Object.entries(fields).map(([field, value]) => (
          <input key={field} type="hidden" name={field} value={value} />
        ))}
        <Button
          type="submit"
          size={size}
          variant={size === 'sm' ? 'plain' : 'outlined'}
          loading={busy}
          startDecorator={<IconShare aria-hidden size={16} />}
          aria-label={t('share.label', { filename: name })}
        >
          {t('share.button')}
        </Button>
      </Form>
      {mine?.kind === 'share' && (
        <Stack gap={1} style={{ flexBasis: '100%' }} role="status">
          <FormControl size="sm">
            <FormLabel htmlFor={fieldId}>{t('share.linkLabel', { filename: name })}</FormLabel>
            <Input
              size="sm"
              slotProps={{ input: { id: fieldId, value: mine.link, readOnly: true, dir: 'ltr' } }}
            />
          </FormControl>
          <Text level="body-xs">
            {t('share.expires', { date: formatDate(mine.expiresAt, i18n.language) })}
          </Text>
          <Stack direction="row" gap={1}>
            <CopyButton text={mine.link} label={t('share.copy')} copiedLabel={t('share.copied')} />
            <SystemShare link={mine.link} title={name} />
          </Stack>
        </Stack>
      )}
      {mine?.kind === 'shareFailed' && (
        <Text level="body-sm" color="danger" role="alert" style={{ flexBasis: '100%' }}>
          {t('share.failed', { reason: translateMessage(t, mine.message) })}
        </Text>
      )}
    </>
  );
}
