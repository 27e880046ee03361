// The link of a notification mail: opens the person's own notification — marked read — on its record's
// page (signing in first when needed). Another person's notification is not found.
import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { rolesFor } from '~/services/access';
import { requireUser } from '~/services/auth.server';
import { openNotification } from '~/services/notifications.server';
import { recordIdOr404 } from '~/services/params.server';

const SCREEN = '/apps/notifications/:id';

export const handle = { i18n: ['common'] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(SCREEN) });
  return redirect(await openNotification(signedIn, recordIdOr404(params.id)));
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
