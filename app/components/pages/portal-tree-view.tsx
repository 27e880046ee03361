// The portal map as nested lists: a branch is a native <details> (opens and closes without JavaScript,
// by keyboard too, and says whether it is expanded); a leaf links to its screen when the user may open it.
import { IconFileText, IconFolder } from '@tabler/icons-react';
import { useTranslation } from '~/components/translation';
import { Text, TextLink } from '../ui';
import type { TreeNode } from './portal-tree';

function Branch({ node, open, openable }: { node: TreeNode; open: boolean; openable: ReadonlySet<string> }) {
  const { t } = useTranslation('pages');
  const children = node.children ?? [];
  return (
    <details open={open || undefined} className="account-tree-branch">
      <summary>
        <span className="account-tree-node">
          <IconFolder aria-hidden size={18} />
          <Text component="span" fontWeight="lg">
            {t(`tree.nodes.${node.id}`)}
          </Text>
          <Text component="span" level="body-xs" textColor="text.tertiary">
            {t('tree.items', { count: children.length })}
          </Text>
        </span>
      </summary>
      <TreeList nodes={children} open={open} openable={openable} nested />
    </details>
  );
}

function Leaf({ node, openable }: { node: TreeNode; openable: ReadonlySet<string> }) {
  const { t } = useTranslation('pages');
  const label = t(`tree.nodes.${node.id}`);
  return (
    <div className="account-tree-node account-tree-leaf">
      <IconFileText aria-hidden size={18} />
      {node.path && openable.has(node.path) ? (
        <TextLink to={node.path}>{label}</TextLink>
      ) : (
        <Text component="span">{label}</Text>
      )}
    </div>
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
    <ul className={nested ? 'account-tree-list account-tree-list-nested' : 'account-tree-list'}>
      {nodes.map((node) => (
        <li key={node.id}>
          {node.children ? (
            <Branch node={node} open={open} openable={openable} />
          ) : (
            <Leaf node={node} openable={openable} />
          )}
        </li>
      ))}
    </ul>
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
