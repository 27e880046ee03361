// Tree view: a map of the portal's areas as nested lists with expandable branches (<details>, no
// JavaScript needed); "Expand all" and "Collapse all" are links (?expand=all|none).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { IconFoldDown, IconFoldUp } from '@tabler/icons-react';
import { useTranslation } from '~/components/translation';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { PageHeading } from '~/components/page-parts';
import { titleMeta } from '~/components/page-title';
import { openablePaths } from '~/components/pages/openable';
import { PORTAL_TREE, TREE_PATHS } from '~/components/pages/portal-tree';
import { PortalTreeView } from '~/components/pages/portal-tree-view';
import { Button, Sheet, Stack, Text } from '~/components/ui';
import { queryOf, treeParams } from '~/forms/pages';
import { rolesFor } from '~/services/access';
import { requireUser } from '~/services/auth.server';
import { requireDemoModules } from '~/services/demo/screen.server';
import { pageTools } from '~/services/page.server';

export const handle = { i18n: ['common', 'pages'] };

export async function loader({ request }: LoaderFunctionArgs) {
  requireDemoModules();
  const signedIn = await requireUser(request, { anyOf: rolesFor('/pages/treeview') });
  const { t, title } = await pageTools(request, 'pages');
  const { expand } = treeParams.parse(queryOf(request));
  return {
    title: title(t('tree.title')),
    expand,
    /** The screens of the tree this user may open (the others are shown without a link). */
    openable: openablePaths(signedIn.user.roles, TREE_PATHS),
  };
}

export const meta = titleMeta;

export default function TreeViewPage() {
  const { expand, openable } = useLoaderData<typeof loader>();
  const { t } = useTranslation('pages');
  return (
    <Stack gap={3}>
      <PageHeading title={t('tree.title')} intro={t('tree.intro')} />
      <Sheet
        component="section"
        aria-labelledby="portal-map"
        variant="outlined"
        className="account-tree-sheet"
      >
        <Stack
          direction="row"
          justifyContent="space-between"
          alignItems="center"
          gap={1}
          flexWrap="wrap"
          style={{ marginBlockEnd: 16 }}
        >
          <Text id="portal-map" level="h2" fontSize="lg">
            {t('tree.label')}
          </Text>
          <Stack direction="row" gap={1}>
            <Button
              component={Link}
              to="?expand=all"
              size="sm"
              variant={expand === 'all' ? 'solid' : 'soft'}
              aria-current={expand === 'all' ? 'true' : undefined}
              startDecorator={<IconFoldDown aria-hidden size={16} />}
              preventScrollReset
            >
              {t('tree.expandAll')}
            </Button>
            <Button
              component={Link}
              to="?expand=none"
              size="sm"
              variant={expand === 'none' ? 'solid' : 'soft'}
              aria-current={expand === 'none' ? 'true' : undefined}
              startDecorator={<IconFoldUp aria-hidden size={16} />}
              preventScrollReset
            >
              {t('tree.collapseAll')}
            </Button>
          </Stack>
        </Stack>
        {/* Remounted when the mode changes: <details> a reader opened or closed follows the new mode. */}
        <PortalTreeView key={expand} nodes={PORTAL_TREE} expandAll={expand === 'all'} openable={openable} />
      </Sheet>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
