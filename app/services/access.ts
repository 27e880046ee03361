/**
 * The one access table (DESIGN.md "Roles and screens"): which roles may open which screen, and where
 * the screen sits in the menu. Loaders guard with `requireUser(request, { anyOf: rolesFor(path) })`;
 * the sidebar and the dashboard list what `screensFor(user)` returns. A screen is added here when
 * its route lands, so the menu never links to a page that does not exist.
 */
import type { RoleName } from '@contract';
import type { IconName } from '~/components/ui/icon-names';

export const ALL_ROLES: readonly RoleName[] = ['client', 'warehouse_agent', 'admin'];
export const STAFF: readonly RoleName[] = ['warehouse_agent', 'admin'];

export type MenuSection = 'home' | 'apps' | 'samples' | 'pages';

export interface Screen {
  /** The screen's path, with `:param` for a parameter. */
  path: string;
  roles: readonly RoleName[];
  /** Shown in the menu under this section, with this label key (namespace common). */
  menu?: { section: MenuSection; label: string; icon: IconName };
  /**
   * A demo module (DESIGN.md "Demo modules"): invented sample content, marked as such on the screen,
   * grouped apart in the menu, and gone — routes, menu entries, dashboard links — with DEMO_MODULES=off.
   */
  demo?: true;
}

const CLIENT: readonly RoleName[] = ['client'];
const ADMIN: readonly RoleName[] = ['admin'];

export const SCREENS: readonly Screen[] = [
  {
    path: '/dashboards/modern',
    roles: ALL_ROLES,
    menu: { section: 'home', label: 'menu.dashboard', icon: 'dashboard' },
  },
  {
    path: '/apps/send-request-for-service',
    roles: CLIENT,
    menu: { section: 'apps', label: 'menu.sendRequest', icon: 'send' },
  },
  {
    path: '/apps/request-for-shipping',
    roles: CLIENT,
    menu: { section: 'apps', label: 'menu.requestForShipping', icon: 'shipping' },
  },
  {
    path: '/apps/request-for-quotation',
    roles: CLIENT,
    menu: { section: 'apps', label: 'menu.requestForQuotation', icon: 'quotation' },
  },
  {
    path: '/apps/request-for-trade-finance',
    roles: CLIENT,
    menu: { section: 'apps', label: 'menu.tradeFinance', icon: 'finance' },
  },
  {
    path: '/apps/send-client-requests',
    roles: CLIENT,
    menu: { section: 'apps', label: 'menu.myRequests', icon: 'requests' },
  },
  // Conversations on records: a customer's own, every customer's for staff (ADR 057; the back office
  // scopes them); the messages themselves are read and written on each record's page.
  {
    path: '/apps/conversations',
    roles: ALL_ROLES,
    menu: { section: 'apps', label: 'menu.conversations', icon: 'conversations' },
  },
  // A file attached to a message: for whoever may read the message (the back office scopes it).
  { path: '/apps/conversations/:recordType/:id/files/:fileId', roles: ALL_ROLES },
  // Quotes: a customer's own sent quotes, every customer's for staff (the back office scopes them);
  // staff prepare one for a quotation request.
  {
    path: '/apps/quotes',
    roles: ALL_ROLES,
    menu: { section: 'apps', label: 'menu.quotes', icon: 'quotation' },
  },
  { path: '/apps/quotes/:id', roles: ALL_ROLES },
  { path: '/apps/quotes/:id/download', roles: ALL_ROLES },
  { path: '/apps/quotes/new/:requestId', roles: STAFF },
  // The rate table that prices quotation requests at once: administrators keep it.
  {
    path: '/apps/rates',
    roles: ADMIN,
    menu: { section: 'apps', label: 'menu.rates', icon: 'quotation' },
  },
  { path: '/apps/rates/:id', roles: ADMIN },
  {
    path: '/apps/shipping',
    roles: ALL_ROLES,
    menu: { section: 'apps', label: 'menu.shippingOrders', icon: 'orders' },
  },
  { path: '/apps/shipping/export.csv', roles: ALL_ROLES },
  { path: '/apps/shipping-details/:id', roles: ALL_ROLES },
  // Staff edit an order: status along its transitions, container, driver, arrival, location, mark.
  { path: '/apps/shipping-details/:id/edit', roles: STAFF },
  // Documents of the orders a user may see; the back office scopes them (another customer's: 404).
  { path: '/apps/shipping-details/:id/documents/:documentId', roles: ALL_ROLES },
  { path: '/apps/shipping/clearance-receipt/:id', roles: ALL_ROLES },
  { path: '/apps/shipping/clearance-receipt/:id/download', roles: ALL_ROLES },
  // Staff turn an approved shipping request into an order.
  { path: '/apps/shipping/new-order/:requestId', roles: STAFF },
  {
    path: '/apps/shipping/container',
    roles: ADMIN,
    menu: { section: 'apps', label: 'menu.containers', icon: 'containers' },
  },
  // Admin run containers: add, edit, load and unload orders, events copied to each order inside.
  { path: '/apps/shipping/container/new', roles: ADMIN },
  { path: '/apps/shipping/container/:id', roles: ADMIN },
  { path: '/apps/shipping/container/:id/edit', roles: ADMIN },
  {
    path: '/apps/shipping/drivers',
    roles: STAFF,
    menu: { section: 'apps', label: 'menu.drivers', icon: 'drivers' },
  },
  { path: '/apps/shipping/drivers/new', roles: STAFF },
  { path: '/apps/shipping/drivers/:id', roles: STAFF },
  {
    path: '/apps/suppliers',
    roles: STAFF,
    menu: { section: 'apps', label: 'menu.suppliers', icon: 'suppliers' },
  },
  { path: '/apps/suppliers/new', roles: STAFF },
  { path: '/apps/suppliers/:id', roles: STAFF },
  {
    path: '/apps/loans',
    roles: ALL_ROLES,
    menu: { section: 'apps', label: 'menu.loans', icon: 'loans' },
  },
  { path: '/apps/loans/export.csv', roles: ALL_ROLES },
  { path: '/apps/loan/loan-details/:loanNumber', roles: ALL_ROLES },
  // Documents of the loans a user may see; the back office scopes them (another customer's: 404).
  { path: '/apps/loan/loan-details/:loanNumber/documents/:documentId', roles: ALL_ROLES },
  // Staff turn an approved trade-finance request into a loan.
  { path: '/apps/loans/new-loan/:requestId', roles: STAFF },
  // The loan's summary document (view, PDF, PNG); scoped as the loan.
  { path: '/apps/loan/loan-details/:loanNumber/summary', roles: ALL_ROLES },
  { path: '/apps/loan/loan-details/:loanNumber/summary/download', roles: ALL_ROLES },
  // Invoices and statements: a client's own, any customer's for staff (the back office scopes them).
  {
    path: '/apps/invoice',
    roles: ALL_ROLES,
    menu: { section: 'apps', label: 'menu.invoices', icon: 'invoices' },
  },
  { path: '/apps/invoice/:id', roles: ALL_ROLES },
  { path: '/apps/invoice/:id/download', roles: ALL_ROLES },
  {
    path: '/apps/statement',
    roles: ALL_ROLES,
    menu: { section: 'apps', label: 'menu.statement', icon: 'statement' },
  },
  { path: '/apps/statement/download', roles: ALL_ROLES },
  {
    path: '/apps/client-service-requests',
    roles: STAFF,
    menu: { section: 'apps', label: 'menu.customerRequests', icon: 'inbox' },
  },
  {
    path: '/apps/shipping/requests',
    roles: STAFF,
    menu: { section: 'apps', label: 'menu.shippingRequests', icon: 'shippingRequests' },
  },
  {
    path: '/apps/request-for-service',
    roles: STAFF,
    menu: { section: 'apps', label: 'menu.requestForService', icon: 'send' },
  },
  {
    path: '/apps/customers',
    roles: STAFF,
    menu: { section: 'apps', label: 'menu.customers', icon: 'customers' },
  },
  { path: '/apps/customers/new', roles: STAFF },
  // Everyone's own notifications (the top bar's bell); the back office answers each person's only.
  { path: '/apps/notifications', roles: ALL_ROLES },
  // A notification mail's link: the person's own notification (another's: 404), on its record's page.
  { path: '/apps/notifications/:id', roles: ALL_ROLES },
  { path: '/apps/customers/:id', roles: STAFF },
  // Staff correct a customer's details; its access (invite, disable) is on the customer's page.
  { path: '/apps/customers/:id/edit', roles: STAFF },
  // Turning off a customer's two-step verification (they lost their phone): an administrator's act.
  { path: '/apps/customers/:id/two-step', roles: ADMIN },
  // Demo modules (spec sections 2–4, DESIGN.md "Demo modules"): every signed-in user, each their own copy.
  // Blog and user profile (namespace social).
  {
    path: '/apps/blog/posts',
    roles: ALL_ROLES,
    demo: true,
    menu: { section: 'samples', label: 'menu.blog', icon: 'blog' },
  },
  { path: '/apps/blog/detail/:id', roles: ALL_ROLES, demo: true },
  {
    path: '/user-profile',
    roles: ALL_ROLES,
    demo: true,
    menu: { section: 'samples', label: 'menu.userProfile', icon: 'userProfile' },
  },

  // Chats, e-mail and notes (namespace messaging).
  {
    path: '/apps/chats',
    roles: ALL_ROLES,
    demo: true,
    menu: { section: 'samples', label: 'menu.chats', icon: 'chats' },
  },
  {
    path: '/apps/email',
    roles: ALL_ROLES,
    demo: true,
    menu: { section: 'samples', label: 'menu.email', icon: 'email' },
  },
  {
    path: '/apps/notes',
    roles: ALL_ROLES,
    demo: true,
    menu: { section: 'samples', label: 'menu.notes', icon: 'notes' },
  },

  // Tickets and contacts (namespace workspace).
  {
    path: '/apps/tickets',
    roles: ALL_ROLES,
    demo: true,
    menu: { section: 'samples', label: 'menu.tickets', icon: 'tickets' },
  },
  {
    path: '/apps/contacts',
    roles: ALL_ROLES,
    demo: true,
    menu: { section: 'samples', label: 'menu.contacts', icon: 'contacts' },
  },

  // Shop with its cart (namespace shop).
  {
    path: '/apps/ecommerce/shop',
    roles: ALL_ROLES,
    demo: true,
    menu: { section: 'samples', label: 'menu.shop', icon: 'shop' },
  },
  { path: '/apps/ecommerce/detail/:id', roles: ALL_ROLES, demo: true },
  { path: '/apps/ecommerce/checkout', roles: ALL_ROLES, demo: true },

  // Template pages (spec section 2): every signed-in user.
  { path: '/pages/faq', roles: ALL_ROLES, menu: { section: 'pages', label: 'menu.faq', icon: 'faq' } },
  {
    path: '/pages/pricing',
    roles: ALL_ROLES,
    demo: true,
    menu: { section: 'samples', label: 'menu.pricing', icon: 'pricing' },
  },
  {
    path: '/pages/treeview',
    roles: ALL_ROLES,
    demo: true,
    menu: { section: 'samples', label: 'menu.treeview', icon: 'treeview' },
  },
  {
    path: '/pages/account-settings',
    roles: ALL_ROLES,
    menu: { section: 'pages', label: 'menu.accountSettings', icon: 'settings' },
  },
  // The signed-in person's own picture (the top bar's avatar): nobody else's can be asked for.
  { path: '/pages/account-image', roles: ALL_ROLES },
  // The forms of account settings, each posting to its own address: everyone's profile, picture and
  // password; a customer's contact details (staff's are kept by administrators).
  { path: '/pages/account-settings/profile', roles: ALL_ROLES },
  { path: '/pages/account-settings/password', roles: ALL_ROLES },
  { path: '/pages/account-settings/contact', roles: CLIENT },
  { path: '/pages/account-settings/image', roles: ALL_ROLES },
  // Two-step verification (TOTP) of the signed-in user's own account.
  { path: '/pages/account-settings/two-step', roles: ALL_ROLES },
  // Which notifications each person also gets by e-mail, or in a daily digest.
  { path: '/pages/account-settings/notifications', roles: ALL_ROLES },
  {
    path: '/pages/account-settings-warehouse',
    roles: STAFF,
    menu: { section: 'pages', label: 'menu.warehouseSettings', icon: 'warehouse' },
  },
  // One request and its attachments, for its customer and for staff; the back office scopes them
  // (another customer's: 404). Deciding on it is for staff (the lists' review roles).
  { path: '/apps/requests/:id', roles: ALL_ROLES },
  // Its customer corrects or withdraws it while it is pending (staff decide, they do not rewrite it).
  { path: '/apps/requests/:id/edit', roles: CLIENT },
  { path: '/apps/requests/:id/attachments/:attachmentId', roles: ALL_ROLES },
];

/** The roles that may open a screen; an unlisted screen is open to no one. */
export function rolesFor(path: string): readonly RoleName[] {
  const screen = SCREENS.find((s) => s.path === path);
  if (!screen) throw new Error(`No access rule for ${path}: add it to SCREENS in app/services/access.ts`);
  return screen.roles;
}

export function hasRole(roles: readonly string[], wanted: readonly string[]): boolean {
  const own = new Set(roles.map((role) => role.toLowerCase()));
  return wanted.some((role) => own.has(role.toLowerCase()));
}

export function isStaff(roles: readonly string[]): boolean {
  return hasRole(roles, STAFF);
}

/** The menu's screens for these roles; without the demo modules when they are switched off. */
export function screensFor(roles: readonly string[], { demo = true }: { demo?: boolean } = {}): Screen[] {
  return SCREENS.filter((screen) => screen.menu && hasRole(roles, screen.roles) && (demo || !screen.demo));
}

const DEMO_PATTERNS = SCREENS.filter((screen) => screen.demo).map(
  (screen) => new RegExp(`^${screen.path.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`),
);

/** Whether `pathname` is a demo module's screen (sample content). */
export function isDemoScreen(pathname: string): boolean {
  return DEMO_PATTERNS.some((pattern) => pattern.test(pathname));
}
