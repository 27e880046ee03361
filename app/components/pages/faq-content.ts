// The questions of /pages/faq, by topic. Their texts are in the `pages` namespace
// (faq.groups.<group>, faq.questions.<id>.question/answer); a question may point to the screen that does
// what it explains, shown only to users who may open it.

export interface FaqQuestion {
  id: string;
  /** The screen the answer is about, with its menu label (namespace common). */
  link?: { path: string; label: string };
}

export interface FaqGroup {
  id: string;
  questions: readonly FaqQuestion[];
}

export const FAQ_GROUPS: readonly FaqGroup[] = [
  {
    id: 'shipping',
    questions: [
      {
        id: 'requestShipping',
        link: { path: '/apps/request-for-shipping', label: 'menu.requestForShipping' },
      },
      { id: 'quotation', link: { path: '/apps/request-for-quotation', label: 'menu.requestForQuotation' } },
      { id: 'followOrder', link: { path: '/apps/shipping', label: 'menu.shippingOrders' } },
      { id: 'clearanceReceipt' },
    ],
  },
  {
    id: 'finance',
    questions: [
      { id: 'tradeFinance', link: { path: '/apps/request-for-trade-finance', label: 'menu.tradeFinance' } },
      { id: 'loans', link: { path: '/apps/loans', label: 'menu.loans' } },
      { id: 'financeLimit', link: { path: '/pages/pricing', label: 'menu.pricing' } },
    ],
  },
  {
    id: 'documents',
    questions: [{ id: 'invoices' }, { id: 'shareLinks' }],
  },
  {
    id: 'account',
    questions: [
      { id: 'language' },
      { id: 'appearance' },
      { id: 'contactDetails', link: { path: '/pages/account-settings', label: 'menu.accountSettings' } },
      { id: 'password' },
    ],
  },
  {
    id: 'help',
    questions: [
      { id: 'contact', link: { path: '/apps/send-request-for-service', label: 'menu.sendRequest' } },
    ],
  },
];

/** Every screen a question points to. */
export const FAQ_LINK_PATHS: readonly string[] = FAQ_GROUPS.flatMap((group) =>
  group.questions.flatMap((question) => (question.link ? [question.link.path] : [])),
);
