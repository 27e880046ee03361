// Where unknown addresses land (spec section 2); answers 404.
import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import { AuthShell } from '~/components/auth-shell';
import { Button, Text } from '~/components/ui';
import { titleMeta } from '~/components/page-title';
import { pageTools } from '~/services/page.server';

export const handle = { i18n: ['common', 'auth'] };

export async function loader({ request }: LoaderFunctionArgs) {
  const { t, title } = await pageTools(request, 'auth');
  return data({ title: title(t('notFound.title')) }, { status: 404 });
}

export const meta = titleMeta;

export default function NotFound() {
  const { t } = useTranslation('auth');
  return (
    <AuthShell design="card" title={t('notFound.heading')}>
      <Text>{t('notFound.body')}</Text>
      <Button component={Link} to="/">
        {t('notFound.back')}
      </Button>
    </AuthShell>
  );
}
