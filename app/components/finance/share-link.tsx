// "Share" beside a document: a form that asks for a signed link (it works without JavaScript); the link
// then shows in a read-only field with Copy and, where the browser has it, the system's Share sheet.
import Button from '@mui/joy/Button';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { Form, useActionData, useNavigation } from '@remix-run/react';
import { IconShare } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '~/components/copy-button';
import { formatDate } from '~/components/format';
import { translateMessage } from '~/components/messages';

type ShareAnswer =
  | { kind: 'share'; documentId: number; link: string; expiresAt: string }
  | { kind: 'shareFailed'; documentId: number; message: string }
  | { kind: 'decision' };

/** The Web Share API's button, shown only when the browser offers it (after hydration). */
function SystemShare({ link, title }: { link: string; title: string }) {
  const { t } = useTranslation('finance');
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

export function ShareForm({ documentId, filename }: { documentId: number; filename: string }) {
  const { t, i18n } = useTranslation('finance');
  const { t: tc } = useTranslation();
  const answer = useActionData<ShareAnswer>();
  const navigation = useNavigation();
  const busy =
    navigation.state === 'submitting' &&
    navigation.formData?.get('intent') === 'share' &&
    navigation.formData.get('documentId') === String(documentId);
  const mine = answer && answer.kind !== 'decision' && answer.documentId === documentId ? answer : null;
  const fieldId = `share-link-${documentId}`;
  return (
    <>
      <Form method="post" aria-label={t('share.label', { filename })}>
        <input type="hidden" name="intent" value="share" />
        <input type="hidden" name="documentId" value={documentId} />
        <Button
          type="submit"
          size="sm"
          variant="plain"
          loading={busy}
          startDecorator={<IconShare aria-hidden size={16} />}
          aria-label={t('share.label', { filename })}
        >
          {t('share.button')}
        </Button>
      </Form>
      {mine?.kind === 'share' && (
        <Stack gap={1} sx={{ flexBasis: '100%' }} role="status">
          <FormControl size="sm">
            <FormLabel htmlFor={fieldId}>{t('share.linkLabel', { filename })}</FormLabel>
            <Input size="sm" readOnly slotProps={{ input: { id: fieldId, value: mine.link, dir: 'ltr' } }} />
          </FormControl>
          <Typography level="body-xs">
            {t('share.expires', { date: formatDate(mine.expiresAt, i18n.language) })}
          </Typography>
          <Stack direction="row" gap={1}>
            <CopyButton text={mine.link} label={t('share.copy')} copiedLabel={t('share.copied')} />
            <SystemShare link={mine.link} title={filename} />
          </Stack>
        </Stack>
      )}
      {mine?.kind === 'shareFailed' && (
        <Typography level="body-sm" color="danger" role="alert" sx={{ flexBasis: '100%' }}>
          {t('share.failed', { reason: translateMessage(tc, mine.message) })}
        </Typography>
      )}
    </>
  );
}
