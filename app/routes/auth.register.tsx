import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { RegisterPage } from '~/components/auth/register-page';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { titleMeta } from '~/components/page-title';
import { registerAction } from '~/services/auth-actions.server';
import { getOptionalUser } from '~/services/auth.server';
import { pageTools } from '~/services/page.server';
import { HOME } from '~/services/redirect';

export const handle = { i18n: ['common', 'auth', 'pages'] };

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getOptionalUser(request)) throw redirect(HOME);
  const { t, title } = await pageTools(request, 'auth');
  return { title: title(t('register.title')) };
}

export const action = registerAction;
export const meta = titleMeta;

export default function Register() {
  return <RegisterPage design="split" suffix="" />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
