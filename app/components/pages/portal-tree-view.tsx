// The portal map as nested lists: a branch is a native <details> (opens and closes without JavaScript,
// by keyboard too, and says whether it is expanded); a leaf links to its screen when the user may open it.
import Box from '@mui/joy/Box';
import Link from '@mui/joy/Link';
import Typography from '@mui/joy/Typography';
import { Link as RemixLink } from '@remix-run/react';
import { IconFileText, IconFolder } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TreeNode } from './portal-tree';

function Branch({ node, open, openable }: { node: TreeNode; open: boolean; openable: ReadonlySet<string> }) {
  const { t } = useTranslation('pages');
  const children = node.children ?? [];
  return (
    <Box
      component="details"
      open={open || undefined}
      sx={{
        '& > summary': {
          cursor: 'pointer',
          py: 0.75,
          px: 1,
          borderRadius: 'sm',
          width: 'fit-content',
          '&:hover': { bgcolor: 'neutral.plainHoverBg' },
        },
      }}
    >
      <summary>
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
          <IconFolder aria-hidden size={18} />
          <Typography component="span" fontWeight="lg">
            {t(`tree.nodes.${node.id}`)}
          </Typography>
          <Typography component="span" level="body-xs" textColor="text.tertiary">
            {t('tree.items', { count: children.length })}
          </Typography>
        </Box>
      </summary>
      <TreeList nodes={children} open={open} openable={openable} nested />
    </Box>
  );
}

function Leaf({ node, openable }: { node: TreeNode; openable: ReadonlySet<string> }) {
  const { t } = useTranslation('pages');
  const label = t(`tree.nodes.${node.id}`);
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, py: 0.75, px: 1 }}>
      <IconFileText aria-hidden size={18} />
      {node.path && openable.has(node.path) ? (
        <Link component={RemixLink} to={node.path}>
          {label}
        </Link>
      ) : (
        <Typography component="span">{label}</Typography>
      )}
    </Box>
  );
}

function TreeList({
  nodes,
  open,
  openable,
  nested = false,
}: {
  nodes: readonly TreeNode[];
  open: boolean;
  openable: ReadonlySet<string>;
  nested?: boolean;
}) {
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        m: 0,
        ps: nested ? 3 : 0,
        ...(nested ? { borderInlineStart: '1px solid', borderColor: 'divider', ms: 1.5 } : {}),
      }}
    >
      {nodes.map((node) => (
        <li key={node.id}>
          {node.children ? (
            <Branch node={node} open={open} openable={openable} />
          ) : (
            <Leaf node={node} openable={openable} />
          )}
        </li>
      ))}
    </Box>
  );
}

/** `expandAll`: every branch open on this render (the caller remounts the tree when it changes). */
export function PortalTreeView({
  nodes,
  expandAll,
  openable,
}: {
  nodes: readonly TreeNode[];
  expandAll: boolean;
  openable: readonly string[];
}) {
  return <TreeList nodes={nodes} open={expandAll} openable={new Set(openable)} />;
}
