// The signed-in part of the portal: every page under it gets the frame and a signed-in user.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { Outlet, useLoaderData, useRouteLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { FlashMessage } from '~/components/flash-message';
import { PortalLayout } from '~/components/layout/portal-layout';
import type { loader as rootLoader } from '~/root';
import { screensFor } from '~/services/access';
import { unreadCounts } from '~/services/notifications.server';
import { requireUser } from '~/services/auth.server';
import { env } from '~/services/env.server';
import { DEFAULT_APPEARANCE } from '~/theme/appearance';

export const handle = { i18n: ['common'] };

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request);
  const { user } = signedIn;
  const menu = screensFor(user.roles, { demo: env().DEMO_MODULES === 'on' }).flatMap((screen) =>
    screen.menu ? [{ path: screen.path, menu: screen.menu }] : [],
  );
  const unread = await unreadCounts(signedIn);
  return {
    user: { name: user.name, email: user.email, role: user.role, profile_image: user.profile_image },
    menu,
    unread: unread.notifications,
    unreadMessages: unread.messages,
  };
}

function Frame({ children }: { children: React.ReactNode }) {
  const data = useLoaderData<typeof loader>();
  const preferences = useRouteLoaderData<typeof rootLoader>('root');
  return (
    <PortalLayout
      user={data.user}
      menu={data.menu}
      appearance={preferences?.appearance ?? DEFAULT_APPEARANCE}
      unread={data.unread}
      unreadMessages={data.unreadMessages}
    >
      {children}
    </PortalLayout>
  );
}

export default function PortalRoute() {
  return (
    <Frame>
      {/* Every signed-in screen shows the message an action left, above its own content. */}
      <FlashMessage style={{ marginBlockEnd: 24 }} />
      <Outlet />
    </Frame>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
