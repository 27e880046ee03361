// The tree of /pages/treeview: the portal's areas and what each holds. Labels are in the `pages`
// namespace (tree.nodes.<id>); a leaf with a path links to that screen for users who may open it.
import { ACCESSIBILITY_PATH, PRIVACY_PATH, TERMS_PATH } from './openable';

/** A branch (with children) or a leaf (with a path when it is a screen of its own). */
export interface TreeNode {
  id: string;
  path?: string;
  children?: readonly TreeNode[];
}

export const PORTAL_TREE: readonly TreeNode[] = [
  {
    id: 'requests',
    children: [
      { id: 'sendRequest', path: '/apps/send-request-for-service' },
      { id: 'requestShipping', path: '/apps/request-for-shipping' },
      { id: 'requestQuotation', path: '/apps/request-for-quotation' },
      { id: 'requestTradeFinance', path: '/apps/request-for-trade-finance' },
      { id: 'myRequests', path: '/apps/send-client-requests' },
      { id: 'customerRequests', path: '/apps/client-service-requests' },
      { id: 'shippingRequests', path: '/apps/shipping/requests' },
    ],
  },
  {
    id: 'shipping',
    children: [
      {
        id: 'orders',
        children: [
          { id: 'orderList', path: '/apps/shipping' },
          {
            id: 'orderDetails',
            children: [{ id: 'tracking' }, { id: 'orderDocuments' }, { id: 'clearanceReceipt' }],
          },
        ],
      },
      { id: 'containers', path: '/apps/shipping/container' },
      { id: 'drivers', path: '/apps/shipping/drivers' },
      { id: 'suppliers', path: '/apps/suppliers' },
    ],
  },
  {
    id: 'finance',
    children: [
      {
        id: 'loans',
        children: [
          { id: 'loanList', path: '/apps/loans' },
          {
            id: 'loanDetails',
            children: [{ id: 'transactions' }, { id: 'schedule' }, { id: 'loanDocuments' }],
          },
        ],
      },
      { id: 'invoices' },
      { id: 'statements' },
    ],
  },
  {
    id: 'customers',
    children: [
      { id: 'directory', path: '/apps/customers' },
      { id: 'addCustomer', path: '/apps/customers/new' },
    ],
  },
  {
    id: 'account',
    children: [
      {
        id: 'accountSettings',
        children: [
          { id: 'contactDetails', path: '/pages/account-settings' },
          { id: 'profilePicture', path: '/pages/account-settings' },
          { id: 'password', path: '/pages/account-settings' },
          { id: 'referralCode', path: '/pages/account-settings' },
        ],
      },
      { id: 'warehouseSettings', path: '/pages/account-settings-warehouse' },
    ],
  },
  {
    id: 'help',
    children: [
      { id: 'faq', path: '/pages/faq' },
      { id: 'pricing', path: '/pages/pricing' },
      { id: 'terms', path: TERMS_PATH },
      { id: 'privacy', path: PRIVACY_PATH },
      { id: 'accessibility', path: ACCESSIBILITY_PATH },
    ],
  },
];

/** Every node, depth first. */
export function treeNodes(nodes: readonly TreeNode[] = PORTAL_TREE): TreeNode[] {
  return nodes.flatMap((node) => [node, ...treeNodes(node.children ?? [])]);
}

/** Every screen the tree points to. */
export const TREE_PATHS: readonly string[] = treeNodes().flatMap((node) => (node.path ? [node.path] : []));
