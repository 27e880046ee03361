// Two-step verification during sign-in: reached only with a pending sign-in (right password, account
// with a code); otherwise back to the sign-in page.
import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { TwoStepsPage } from '~/components/auth/two-steps-page';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { titleMeta } from '~/components/page-title';
import { twoStepsAction } from '~/services/auth-actions.server';
import { getOptionalUser } from '~/services/auth.server';
import { pageTools } from '~/services/page.server';
import { HOME } from '~/services/redirect';
import { pendingSignIn } from '~/services/two-steps.server';

export const handle = { i18n: ['common', 'auth'] };

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getOptionalUser(request)) throw redirect(HOME);
  if (!(await pendingSignIn(request))) {
    throw redirect(`/auth/login${new URL(request.url).pathname.endsWith('2') ? '2' : ''}`);
  }
  const { t, title } = await pageTools(request, 'auth');
  return { title: title(t('twoSteps.title')) };
}

export const action = twoStepsAction;
export const meta = titleMeta;

export default function TwoSteps() {
  return <TwoStepsPage design="split" suffix="" />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
