import type { LoaderFunctionArgs } from '@remix-run/node';
import { ForgotPasswordPage } from '~/components/auth/forgot-password-page';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { titleMeta } from '~/components/page-title';
import { forgotPasswordAction } from '~/services/auth-actions.server';
import { pageTools } from '~/services/page.server';

export const handle = { i18n: ['common', 'auth'] };

export async function loader({ request }: LoaderFunctionArgs) {
  const { t, title } = await pageTools(request, 'auth');
  return { title: title(t('forgot.title')) };
}

export const action = forgotPasswordAction;
export const meta = titleMeta;

export default function ForgotPassword() {
  return <ForgotPasswordPage design="split" suffix="" />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
