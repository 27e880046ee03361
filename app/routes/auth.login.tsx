import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { LoginPage } from '~/components/auth/login-page';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { titleMeta } from '~/components/page-title';
import { loginAction } from '~/services/auth-actions.server';
import { getOptionalUser } from '~/services/auth.server';
import { pageTools } from '~/services/page.server';
import { HOME, safeRedirect } from '~/services/redirect';

export const handle = { i18n: ['common', 'auth'] };

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getOptionalUser(request)) {
    throw redirect(safeRedirect(new URL(request.url).searchParams.get('redirectTo'), HOME));
  }
  const { t, title } = await pageTools(request, 'auth');
  return { title: title(t('login.title')) };
}

export const action = loginAction;
export const meta = titleMeta;

export default function Login() {
  return <LoginPage design="split" suffix="" />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
