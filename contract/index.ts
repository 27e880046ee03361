/**
 * The back-office API contract: one zod schema per call for what is sent and what comes back.
 * The portal's client checks every answer against it; the reference back office validates every
 * request with it. A change to the API is a change to this module tree (see docs/api.md and decision
 * record 032): the schemas live in one module per domain, the plain values the browser may use in
 * ./values, and this module assembles the calls and re-exports every public name, imported as
 * `@contract` by the portal, the back office and the tests.
 */
import { z } from 'zod';
import { SHARE_KINDS } from './values';
import { id } from './fields';
import { type CallDefinition, attachmentFile, createdAnswer, okAnswer } from './common';
import {
  backofficeUser,
  forgotPasswordRequest,
  loginRequest,
  loginTwoFactorRequest,
  passwordChange,
  passwordResetRequest,
  signupAnswer,
  signupRequest,
  twoFactorDisable,
  twoFactorEnable,
  twoFactorEnabled,
  twoFactorSetup,
  twoFactorStatus,
} from './auth';
import {
  contactDetails,
  contactImage,
  contactImageUpdate,
  contactUpdate,
  preferencesUpdate,
  profile,
  profileUpdate,
  userPicture,
  userPictureState,
  userPictureUpdate,
  usersAnswer,
} from './accounts';
import {
  activeQuery,
  containerDetail,
  containerEventInput,
  containerInput,
  containerLoad,
  containersAnswer,
  containersQuery,
  customer,
  customerAccessUpdate,
  twoFactorResetBody,
  customerCreate,
  customerInvite,
  customersAnswer,
  customersQuery,
  driver,
  driverInput,
  driversAnswer,
  supplier,
  supplierInput,
  suppliersAnswer,
  warehouseAnswer,
  warehouseInput,
} from './directory';
import { healthAnswer } from './health';
import { historyAnswer, historyParams } from './history';
import {
  conversationsAnswer,
  conversationsQuery,
  message,
  messageAttachmentParams,
  messageInput,
  messagesAnswer,
  threadParams,
} from './conversations';
import {
  notification,
  notificationParams,
  notificationPreferences,
  notificationsAnswer,
  notificationsQuery,
  notificationsRead,
  unreadAnswer,
  unsubscribeAnswer,
  unsubscribeRequest,
} from './notifications';
import {
  DEMO_STATE_MAX_BYTES,
  demoStateAnswer,
  demoStateSave,
  demoStateSaved,
  throttleCount,
  throttleKey,
} from './demo';
import {
  shippingRequest,
  shippingRequestCreate,
  shippingRequestReview,
  shippingRequestCorrection,
  shippingRequestReopen,
  shippingRequestsAnswer,
  shippingRequestsQuery,
} from './requests';
import { indicativePrice, indicativePriceQuery, rate, rateInput, ratesAnswer, ratesQuery } from './rates';
import { quoteDecline, quoteDetail, quoteInput, quotesAnswer, quotesQuery } from './quotes';
import {
  shippingOrderDetail,
  shippingOrderFromRequest,
  shippingOrderSummary,
  shippingOrdersAnswer,
  shippingOrdersQuery,
  trackingAnswer,
  trackingCreate,
  trackingEvent,
  trackingUpdate,
  shippingOrderUpdate,
  deliveryDone,
  staffWork,
} from './shipping';
import {
  customerInvoicesQuery,
  financeSummary,
  invoiceDetail,
  invoiceName,
  invoicesAnswer,
  loanDecision,
  loanTransactionCreate,
  loanDetail,
  loanFromRequest,
  loanNumber,
  loanTransactionsAnswer,
  loansAnswer,
  loansQuery,
  statement,
  statementQuery,
} from './finance';
import {
  shareAnswer,
  shareLinkInfo,
  shareToken,
  sharedFile,
  sharedRecord,
  statementShare,
} from './documents';

export * from './values';
export * from './common';
export * from './dates';
export * from './auth';
export * from './accounts';
export * from './directory';
export * from './health';
export * from './demo';
export * from './requests';
export * from './shipping';
export * from './history';
export * from './notifications';
export * from './conversations';
export * from './quotes';
export * from './rates';
export * from './finance';
export * from './documents';

/**
 * The calls, by name. `query` and `body` describe what is sent; `answer` what a 2xx brings back.
 * `session: true` means the call needs the signed-in user's back-office session.
 */
export const calls = {
  login: { method: 'POST', path: '/login', body: loginRequest, answer: backofficeUser, session: false },
  signup: { method: 'POST', path: '/signup', body: signupRequest, answer: signupAnswer, session: false },
  forgotPassword: {
    method: 'POST',
    path: '/forgot-password',
    body: forgotPasswordRequest,
    answer: okAnswer,
    session: false,
  },
  passwordReset: {
    method: 'POST',
    path: '/password_reset',
    body: passwordResetRequest,
    answer: okAnswer,
    session: false,
  },
  /** Extension: 400 with an issue on current_password when it is wrong; other sessions of the user end. */
  changePassword: {
    method: 'POST',
    path: '/change-password',
    body: passwordChange,
    answer: okAnswer,
    session: true,
  },
  /** Extension: ends the back-office session named by the cookie. */
  logout: { method: 'POST', path: '/logout', answer: okAnswer, session: true },
  getContactDetails: {
    method: 'POST',
    read: true,
    path: '/get_contact_details',
    query: z.object({ user_id: id }),
    answer: contactDetails,
    session: true,
  },
  updateContactDetails: {
    method: 'POST',
    path: '/update_contact_details',
    query: z.object({ partner_id: id }),
    body: contactUpdate,
    answer: contactDetails,
    session: true,
  },
  /** The API's own spelling ("cotact"). */
  updateContactImage: {
    method: 'POST',
    path: '/update_cotact_image',
    query: z.object({ partner_id: id }),
    body: contactImageUpdate,
    answer: okAnswer,
    session: true,
    bodyLimit: 3 * 1024 * 1024,
  },
  /** Extension: the profile image, to show it. 404 when there is none. */
  getContactImage: {
    method: 'GET',
    path: '/contact-image',
    query: z.object({ partner_id: id }),
    answer: contactImage,
    session: true,
  },
  listCustomers: {
    method: 'GET',
    path: '/get_contacts',
    query: customersQuery,
    answer: customersAnswer,
    session: true,
  },
  /** Extension: one customer of the directory. */
  getCustomer: {
    method: 'GET',
    path: '/customers/:id',
    params: z.object({ id }),
    answer: customer,
    session: true,
  },
  createCustomer: {
    method: 'POST',
    path: '/customer/create_customer_contact',
    body: customerCreate,
    answer: createdAnswer,
    session: true,
    idempotent: true,
  },
  /**
   * Extension (staff): correct a customer's details (the whole form); its accounts sign in with a new
   * address. 409 on `email` or `national_id` as when adding one.
   */
  updateCustomer: {
    method: 'PUT',
    path: '/customers/:id',
    params: z.object({ id }),
    body: customerCreate,
    answer: customer,
    session: true,
  },
  /**
   * Extension (staff): mail the customer an invitation to the portal in `language`, with a link to
   * choose a password (once, for 7 days); again while the link is unused. 409 (`access`) once the
   * customer has chosen a password or is disabled, or has no e-mail address.
   */
  inviteCustomer: {
    method: 'POST',
    path: '/customers/:id/invite',
    params: z.object({ id }),
    body: customerInvite,
    answer: customer,
    session: true,
  },
  /** Extension (staff): disable (every session ends) or re-enable a customer's access; 409 without an account. */
  setCustomerAccess: {
    method: 'PUT',
    path: '/customers/:id/access',
    params: z.object({ id }),
    body: customerAccessUpdate,
    answer: customer,
    session: true,
  },
  /**
   * Extension (administrators): turn off two-step verification on the customer's accounts (they lost
   * their phone and recovery codes), the recovery codes with it; `reason` goes into the customer's
   * history and each account is mailed. 409 (`two_factor`) when it is off; 403 for anyone else.
   */
  resetCustomerTwoFactor: {
    method: 'POST',
    path: '/customers/:id/two-factor/reset',
    params: z.object({ id }),
    body: twoFactorResetBody,
    answer: customer,
    session: true,
  },
  listUsers: { method: 'GET', path: '/users', answer: usersAnswer, session: true },
  getUser: {
    method: 'GET',
    path: '/users/:id',
    params: z.object({ id }),
    answer: backofficeUser,
    session: true,
  },
  /**
   * Extension: a person's own picture, for anyone signed in (staff too). Only the session's own user: any
   * other id is 404 (staff included), as is a person without a picture.
   */
  getUserPicture: {
    method: 'GET',
    path: '/users/:id/picture',
    params: z.object({ id }),
    answer: userPicture,
    session: true,
  },
  /** Extension: replaces the person's own picture (another id: 404); 413 too large, 400 not a picture. */
  updateUserPicture: {
    method: 'PUT',
    path: '/users/:id/picture',
    params: z.object({ id }),
    body: userPictureUpdate,
    answer: userPictureState,
    session: true,
    bodyLimit: 3 * 1024 * 1024,
  },
  /** Extension: removes the person's own picture, if any (another id: 404). */
  deleteUserPicture: {
    method: 'DELETE',
    path: '/users/:id/picture',
    params: z.object({ id }),
    answer: userPictureState,
    session: true,
  },
  createShippingRequest: {
    method: 'POST',
    path: '/shipping-requests',
    body: shippingRequestCreate,
    answer: createdAnswer,
    session: true,
    idempotent: true,
    // Five files of 10 MB, base64-encoded, and the rest of the request.
    bodyLimit: 72 * 1024 * 1024,
  },
  listShippingRequests: {
    method: 'GET',
    path: '/shipping-requests',
    query: shippingRequestsQuery,
    answer: shippingRequestsAnswer,
    session: true,
  },
  getShippingRequest: {
    method: 'GET',
    path: '/shipping-requests/:id',
    params: z.object({ id }),
    answer: shippingRequest,
    session: true,
  },
  /** Extension: staff approve or reject a pending request, with an optional note. */
  reviewShippingRequest: {
    method: 'PATCH',
    path: '/shipping-requests/:id',
    params: z.object({ id }),
    body: shippingRequestReview,
    answer: shippingRequest,
    session: true,
  },
  /**
   * Extension: the customer corrects its own pending request (staff: 403; another customer's: 404; a
   * request decided or withdrawn: 409). Its files and customer stay; the answer is the request.
   */
  correctShippingRequest: {
    method: 'PUT',
    path: '/shipping-requests/:id',
    params: z.object({ id }),
    body: shippingRequestCorrection,
    answer: shippingRequest,
    session: true,
  },
  /**
   * Extension: the customer withdraws its own pending request: its status becomes `withdrawn` and
   * nobody decides it any more (staff: 403; another customer's: 404; decided or withdrawn: 409).
   */
  withdrawShippingRequest: {
    method: 'POST',
    path: '/shipping-requests/:id/withdraw',
    params: z.object({ id }),
    answer: shippingRequest,
    session: true,
  },
  /**
   * Extension: staff reopen a decided request with a note (the customer reads it): it is pending again.
   * 409 for a pending or withdrawn request and for one that became a shipping order or a loan.
   */
  reopenShippingRequest: {
    method: 'POST',
    path: '/shipping-requests/:id/reopen',
    params: z.object({ id }),
    body: shippingRequestReopen,
    answer: shippingRequest,
    session: true,
  },
  /** Extension: one attachment's content. */
  getShippingRequestAttachment: {
    method: 'GET',
    path: '/shipping-requests/:id/attachments/:attachment_id',
    params: z.object({ id, attachment_id: id }),
    answer: attachmentFile,
    session: true,
  },
  /** Extension: staff turn an approved shipping request into a shipping order (409 if not approved or done). */
  createShippingOrderFromRequest: {
    method: 'POST',
    path: '/shipping-requests/:id/order',
    params: z.object({ id }),
    body: shippingOrderFromRequest,
    answer: createdAnswer,
    session: true,
    idempotent: true,
  },
  /** Extension: quotes in the caller's scope (a customer: its own, never drafts), newest first. */
  listQuotes: { method: 'GET', path: '/quotes', query: quotesQuery, answer: quotesAnswer, session: true },
  /** Extension: one quote with its lines and versions (a customer's draft or another's quote: 404). */
  getQuote: {
    method: 'GET',
    path: '/quotes/:id',
    params: z.object({ id }),
    answer: quoteDetail,
    session: true,
  },
  /**
   * Extension (staff, 403 otherwise): a draft quote for a quotation request. When the request's latest
   * quote was sent, declined or has expired, the draft is its next version, its lines copied when none
   * are given; when a draft exists, the answer is that draft. 409 when the request is not a quotation
   * request, was rejected, or already has an order.
   */
  createQuote: {
    method: 'POST',
    path: '/shipping-requests/:id/quotes',
    params: z.object({ id }),
    body: quoteInput,
    answer: quoteDetail,
    session: true,
    idempotent: true,
  },
  /** Extension (staff): rewrite a draft quote (409 when it is no longer a draft). */
  updateQuote: {
    method: 'PUT',
    path: '/quotes/:id',
    params: z.object({ id }),
    body: quoteInput,
    answer: quoteDetail,
    session: true,
  },
  /**
   * Extension (staff): send a draft to the customer; the version it revises becomes `replaced`, and a
   * pending request becomes approved. 400 without lines or when its validity has passed; 409 when not a
   * draft.
   */
  sendQuote: {
    method: 'POST',
    path: '/quotes/:id/send',
    params: z.object({ id }),
    answer: quoteDetail,
    session: true,
    idempotent: true,
  },
  /**
   * Extension (the quote's customer; staff 403): accept a sent quote, which makes the confirmed shipping
   * order from the quote's shipment and links it to the quote and the request. 409 when it is not the
   * sent version, has expired, or the request already has an order.
   */
  acceptQuote: {
    method: 'POST',
    path: '/quotes/:id/accept',
    params: z.object({ id }),
    answer: quoteDetail,
    session: true,
    idempotent: true,
  },
  /** Extension (the quote's customer; staff 403): decline a sent quote with a reason (409 otherwise). */
  declineQuote: {
    method: 'POST',
    path: '/quotes/:id/decline',
    params: z.object({ id }),
    body: quoteDecline,
    answer: quoteDetail,
    session: true,
    idempotent: true,
  },
  /**
   * Extension (anyone signed in): the indicative price of a lane's shipment on a day, from the rate valid
   * then; 404 when the lane has none. Literal path before `/rates/:id`.
   */
  indicativePrice: {
    method: 'GET',
    path: '/rates/price',
    query: indicativePriceQuery,
    answer: indicativePrice,
    session: true,
  },
  /** Extension (staff, 403 otherwise): the rate table, by lane and then by period. */
  listRates: { method: 'GET', path: '/rates', query: ratesQuery, answer: ratesAnswer, session: true },
  /**
   * Extension (admin, 403 otherwise): a rate for a lane and a period; 409 when it overlaps another
   * period of the same lane.
   */
  createRate: {
    method: 'POST',
    path: '/rates',
    body: rateInput,
    answer: rate,
    session: true,
    idempotent: true,
  },
  /** Extension (admin): the whole rate again; 404 unknown; 409 as createRate. */
  updateRate: {
    method: 'PUT',
    path: '/rates/:id',
    params: z.object({ id }),
    body: rateInput,
    answer: rate,
    session: true,
  },
  /** Extension (admin): 404 unknown. */
  deleteRate: {
    method: 'DELETE',
    path: '/rates/:id',
    params: z.object({ id }),
    answer: okAnswer,
    session: true,
  },
  /** A client's own orders; staff: every customer's. Literal paths come before `/:id`. */
  listShippingOrders: {
    method: 'GET',
    path: '/shipping-orders',
    query: shippingOrdersQuery,
    answer: shippingOrdersAnswer,
    session: true,
  },
  /** Extension: figures for the dashboard, in the caller's scope. */
  shippingOrderSummary: {
    method: 'GET',
    path: '/shipping-orders/summary',
    answer: shippingOrderSummary,
    session: true,
  },
  /** Admin only (403 otherwise): every order. */
  listAllShippingOrders: {
    method: 'GET',
    path: '/shipping-orders/admin/all',
    query: shippingOrdersQuery,
    answer: shippingOrdersAnswer,
    session: true,
  },
  /** Extension (staff, 403 otherwise): what waits for staff, counted in their scope. */
  staffWork: { method: 'GET', path: '/work', answer: staffWork, session: true },
  /**
   * Extension: a record's history, oldest first. Staff see every entry of the records they may see
   * (an order outside an agent's scope: 404; containers: the admin's, 403 otherwise); a client sees the
   * entries meant for the customer on its own orders and loans (404 for another's; 403 for the rest).
   */
  getHistory: {
    method: 'GET',
    path: '/history/:record_type/:id',
    params: historyParams,
    answer: historyAnswer,
    session: true,
  },
  /** Extension: the signed-in person's notifications, newest first, with how many are unread. */
  listNotifications: {
    method: 'GET',
    path: '/notifications',
    query: notificationsQuery,
    answer: notificationsAnswer,
    session: true,
  },
  /** Extension: marks the person's notifications read (these, or all); answers how many stay unread. */
  markNotificationsRead: {
    method: 'POST',
    path: '/notifications/read',
    body: notificationsRead,
    answer: unreadAnswer,
    session: true,
  },
  /** Extension: opens one of the person's notifications (a mail's link): marks it read and answers it; 404 for another's. */
  openNotification: {
    method: 'POST',
    path: '/notifications/:id/open',
    params: notificationParams,
    answer: notification,
    session: true,
  },
  /** Extension: how the person hears of each kind they may be told of (without a choice: by e-mail). */
  getNotificationPreferences: {
    method: 'GET',
    path: '/notification-preferences',
    answer: notificationPreferences,
    session: true,
  },
  /** Extension: keeps the person's choices (400 for a kind they are never told of); answers them all. */
  updateNotificationPreferences: {
    method: 'POST',
    path: '/notification-preferences',
    body: notificationPreferences,
    answer: notificationPreferences,
    session: true,
  },
  /** Extension, no session: what an unsubscribe link stops (404 for a token that is not ours). */
  checkUnsubscribe: {
    method: 'POST',
    read: true,
    path: '/unsubscribe/check',
    body: unsubscribeRequest,
    answer: unsubscribeAnswer,
    session: false,
  },
  /** Extension, no session: stops the mails an unsubscribe link names (404 for a token that is not ours). */
  unsubscribe: {
    method: 'POST',
    path: '/unsubscribe',
    body: unsubscribeRequest,
    answer: unsubscribeAnswer,
    session: false,
  },
  /**
   * Extension: the messages of a record's conversation, oldest first, and how many the person had not
   * read; the call marks them read. A customer gets no internal note. 404 for a record out of scope.
   */
  listMessages: {
    method: 'GET',
    path: '/messages/:record_type/:id',
    params: threadParams,
    answer: messagesAnswer,
    session: true,
  },
  /**
   * Extension: writes a message on a record's conversation (403 for a customer's internal note; 404
   * for a record out of scope); the other side is notified in the same transaction.
   */
  postMessage: {
    method: 'POST',
    path: '/messages/:record_type/:id',
    params: threadParams,
    body: messageInput,
    answer: message,
    session: true,
    idempotent: true,
    // Five files of 10 MB, base64-encoded, and the message.
    bodyLimit: 72 * 1024 * 1024,
  },
  /**
   * Extension: a file attached to a message of a record's conversation, for whoever may read the message
   * (a customer never gets an internal note's); 404 otherwise.
   */
  getMessageAttachment: {
    method: 'GET',
    path: '/messages/:record_type/:id/attachments/:attachment_id',
    params: messageAttachmentParams,
    answer: attachmentFile,
    session: true,
  },
  /** Extension: the conversations the person may see, the newest message first, with their unread counts. */
  listConversations: {
    method: 'GET',
    path: '/conversations',
    query: conversationsQuery,
    answer: conversationsAnswer,
    session: true,
  },
  /** Admin only (403 otherwise). */
  listContainers: {
    method: 'GET',
    path: '/shipping-orders/admin/containers',
    query: containersQuery,
    answer: containersAnswer,
    session: true,
  },
  /** Extension, admin only (403 otherwise): add a container; 409 when its number is taken. */
  createContainer: {
    method: 'POST',
    path: '/shipping-orders/admin/containers',
    body: containerInput,
    answer: containerDetail,
    session: true,
    idempotent: true,
  },
  /** Extension, admin only: one container, its orders, its events and the orders it could take. */
  getContainer: {
    method: 'GET',
    path: '/shipping-orders/admin/containers/:id',
    params: z.object({ id }),
    answer: containerDetail,
    session: true,
  },
  /**
   * Extension, admin only: edit a container. 409 when its number is taken, or on `capacity_cbm` when the
   * capacity is below what its orders take.
   */
  updateContainer: {
    method: 'PATCH',
    path: '/shipping-orders/admin/containers/:id',
    params: z.object({ id }),
    body: containerInput,
    answer: containerDetail,
    session: true,
  },
  /**
   * Extension, admin only: load orders into a container, all or none. 409 on `order_ids` when the
   * container no longer takes orders (sealed or later) or they exceed its capacity; 400 for an order
   * that cannot be loaded (unknown, another origin's, in a container already, delivered or cancelled).
   */
  loadContainer: {
    method: 'POST',
    path: '/shipping-orders/admin/containers/:id/orders',
    params: z.object({ id }),
    body: containerLoad,
    answer: containerDetail,
    session: true,
    idempotent: true,
  },
  /** Extension, admin only: take an order out of a container still being loaded (409 after). */
  unloadContainer: {
    method: 'DELETE',
    path: '/shipping-orders/admin/containers/:id/orders/:order_id',
    params: z.object({ id, order_id: id }),
    answer: containerDetail,
    session: true,
  },
  /**
   * Extension, admin only: a container's event, recorded once and added to the timeline of each order
   * inside it (cancelled and delivered ones aside); departure and arrival move the container's status.
   * 409 on `milestone` naming the draft orders inside when it would move them past Confirmed; 400 on
   * `event_time` in the future.
   */
  addContainerEvent: {
    method: 'POST',
    path: '/shipping-orders/admin/containers/:id/events',
    params: z.object({ id }),
    body: containerEventInput,
    answer: containerDetail,
    session: true,
    idempotent: true,
  },
  getShippingOrder: {
    method: 'GET',
    path: '/shipping-orders/:id',
    params: z.object({ id }),
    answer: shippingOrderDetail,
    session: true,
  },
  /**
   * Extension (staff, 403 otherwise): edit an order: its status along the allowed transitions (409 on
   * `status` saying why a transition is refused; 400 on `cancel_reason` for a cancellation without
   * one), its container and driver (400 for an unknown one), expected arrival, location and shipping
   * mark. Answers the order as it is now.
   */
  updateShippingOrder: {
    method: 'PATCH',
    path: '/shipping-orders/:id',
    params: z.object({ id }),
    body: shippingOrderUpdate,
    answer: shippingOrderDetail,
    session: true,
  },
  /**
   * Extension (staff, 403 otherwise): the order's delivery is done: records the Delivered event (now,
   * at `place` or where the goods are) with who received the goods. 409 on `status` unless the order's
   * next status is Delivered (it is cleared); 400 on `place` when nothing says where.
   */
  completeDelivery: {
    method: 'POST',
    path: '/shipping-orders/:id/deliver',
    params: z.object({ id }),
    body: deliveryDone,
    answer: shippingOrderDetail,
    session: true,
  },
  /** Extension: one document of an order. */
  getShippingOrderDocument: {
    method: 'GET',
    path: '/shipping-orders/:id/documents/:document_id',
    params: z.object({ id, document_id: id }),
    answer: attachmentFile,
    session: true,
  },
  /**
   * Staff add a tracking event; a milestone may move the order's status forward (never back). Extension
   * rules: not dated in the future (400 on `event_time`); none on a cancelled or delivered order, and a
   * draft order moves only to Confirmed (409 on `milestone`).
   */
  createTrackingEvent: {
    method: 'POST',
    path: '/shipment-tracking',
    body: trackingCreate,
    answer: trackingEvent,
    session: true,
    idempotent: true,
  },
  /**
   * Staff correct a tracking event; the order's status follows the events that stand. Extension rules,
   * as for a new event: not dated in the future (400 on `event_time`), not on a cancelled order, nor
   * moving a draft order past Confirmed (409 on `milestone`); a withdrawn event is not corrected (409).
   */
  updateTrackingEvent: {
    method: 'PUT',
    path: '/shipment-tracking',
    body: trackingUpdate,
    answer: trackingEvent,
    session: true,
  },
  /**
   * Extension: staff withdraw a mistaken tracking event: it stays on the timeline, marked withdrawn, and
   * the order's status is worked out again from the events that stand (a cancelled order stays
   * cancelled). 409 for an event already withdrawn.
   */
  withdrawTrackingEvent: {
    method: 'POST',
    path: '/shipment-tracking/:id/withdraw',
    params: z.object({ id }),
    answer: trackingEvent,
    session: true,
  },
  /** A shipping order's tracking (`:id` is the order's). The portal reads with GET. */
  getShipmentTracking: {
    method: 'GET',
    path: '/shipment-tracking/:id',
    params: z.object({ id }),
    answer: trackingAnswer,
    session: true,
  },
  /** The spec's read with PUT (a defect kept for compatibility): the same answer as the GET. */
  getShipmentTrackingWithPut: {
    method: 'PUT',
    path: '/shipment-tracking/:id',
    params: z.object({ id }),
    answer: trackingAnswer,
    session: true,
  },
  /** Extension (staff, 403 otherwise): drivers. */
  listDrivers: { method: 'GET', path: '/drivers', query: activeQuery, answer: driversAnswer, session: true },
  createDriver: {
    method: 'POST',
    path: '/drivers',
    body: driverInput,
    answer: driver,
    session: true,
    idempotent: true,
  },
  getDriver: {
    method: 'GET',
    path: '/drivers/:id',
    params: z.object({ id }),
    answer: driver,
    session: true,
  },
  updateDriver: {
    method: 'PUT',
    path: '/drivers/:id',
    params: z.object({ id }),
    body: driverInput,
    answer: driver,
    session: true,
  },
  /** Extension (staff, 403 otherwise): suppliers. */
  listSuppliers: {
    method: 'GET',
    path: '/suppliers',
    query: activeQuery,
    answer: suppliersAnswer,
    session: true,
  },
  createSupplier: {
    method: 'POST',
    path: '/suppliers',
    body: supplierInput,
    answer: supplier,
    session: true,
    idempotent: true,
  },
  getSupplier: {
    method: 'GET',
    path: '/suppliers/:id',
    params: z.object({ id }),
    answer: supplier,
    session: true,
  },
  updateSupplier: {
    method: 'PUT',
    path: '/suppliers/:id',
    params: z.object({ id }),
    body: supplierInput,
    answer: supplier,
    session: true,
  },
  /** A client's own loans (partner_id must be its own: 404 otherwise). */
  listUserLoans: {
    method: 'POST',
    read: true,
    path: '/shipping/user_loans',
    query: loansQuery.extend({ partner_id: id }),
    answer: loansAnswer,
    session: true,
  },
  /** Staff only (403 otherwise): every client's loans. */
  listClientLoans: {
    method: 'POST',
    read: true,
    path: '/staff/client_loans',
    query: loansQuery,
    answer: loansAnswer,
    session: true,
  },
  listLoanTransactions: {
    method: 'POST',
    read: true,
    path: '/shipping/loan_transactions',
    query: z.object({ loan_id: id }),
    body: z.object({ loan_id: id }),
    answer: loanTransactionsAnswer,
    session: true,
  },
  /** Extension: finance figures for the dashboard, in the caller's scope. */
  financeSummary: { method: 'GET', path: '/loans/summary', answer: financeSummary, session: true },
  /** Extension: one loan by its number, with schedule, documents and financed shipments. */
  getLoan: {
    method: 'GET',
    path: '/loans/:number',
    params: z.object({ number: loanNumber }),
    answer: loanDetail,
    session: true,
  },
  /** Extension: staff approve (disbursing it) or deny a requested loan (409 when not requested). */
  decideLoan: {
    method: 'PATCH',
    path: '/loans/:number',
    params: z.object({ number: loanNumber }),
    body: loanDecision,
    answer: loanDetail,
    session: true,
  },
  /**
   * Extension: staff record a repayment or a fee on an approved loan (409 otherwise; a date after today
   * or before the loan was paid out: 400 on `date`); the answer is the loan with its figures updated.
   */
  recordLoanTransaction: {
    method: 'POST',
    path: '/loans/:number/transactions',
    params: z.object({ number: loanNumber }),
    body: loanTransactionCreate,
    answer: loanDetail,
    session: true,
    idempotent: true,
  },
  /** Extension: one document of a loan. */
  getLoanDocument: {
    method: 'GET',
    path: '/loans/:number/documents/:document_id',
    params: z.object({ number: loanNumber, document_id: id }),
    answer: attachmentFile,
    session: true,
  },
  /**
   * Extension: staff approve a trade-finance request (pending, or approved without a loan) with their
   * terms: the request is approved and its loan made active, paid out today, with the arrangement fee,
   * the schedule from the first due date, and the application's shipping orders linked. 409 for a
   * rejected request, one that has a loan, and when an order it finances has a loan already (issue on
   * `orders`); 400 on `first_due_date` when not after today or more than a year ahead.
   */
  createLoanFromRequest: {
    method: 'POST',
    path: '/shipping-requests/:id/loan',
    params: z.object({ id }),
    body: loanFromRequest,
    answer: z.object({ status: z.literal('success'), id: z.number().int(), name: z.string() }),
    session: true,
    idempotent: true,
  },
  /** Extension: a signed link to one of a loan's documents (scoped as getLoanDocument), for 7 days. */
  shareLoanDocument: {
    method: 'POST',
    path: '/loans/:number/documents/:document_id/share',
    params: z.object({ number: loanNumber, document_id: id }),
    answer: shareAnswer,
    session: true,
  },
  /** Extension, no session: the shared file; an unknown, tampered or expired token answers 404. */
  getSharedDocument: {
    method: 'GET',
    path: '/shared-documents/:token',
    params: z.object({ token: shareToken }),
    answer: sharedFile,
    session: false,
  },
  /**
   * A customer's invoices (a client may name only its own partner: 404 otherwise; staff any). Drafts
   * are listed for staff only.
   */
  listCustomerInvoices: {
    method: 'GET',
    path: '/shipping/customer_invoices',
    query: customerInvoicesQuery,
    answer: invoicesAnswer,
    session: true,
  },
  /** Staff only (403 otherwise): one invoice by its number, any customer's; 404 when none. */
  findStaffInvoice: {
    method: 'GET',
    path: '/staff/invoice',
    query: z.object({ invoice_name: invoiceName }),
    answer: invoiceDetail,
    session: true,
  },
  /** Extension: one invoice with lines and payments (another customer's, or a draft for a client: 404). */
  getInvoice: {
    method: 'GET',
    path: '/invoices/:id',
    params: z.object({ id }),
    answer: invoiceDetail,
    session: true,
  },
  /** Extension: a customer's statement over a period (scoped as listCustomerInvoices). */
  getCustomerStatement: {
    method: 'GET',
    path: '/shipping/customer_statement',
    query: statementQuery,
    answer: statement,
    session: true,
  },
  /** Extension: a 7-day share of an invoice (scoped as getInvoice). */
  shareInvoice: {
    method: 'POST',
    path: '/invoices/:id/share',
    params: z.object({ id }),
    answer: shareAnswer,
    session: true,
  },
  /** Extension: a 7-day share of a statement (scoped as getCustomerStatement). */
  shareStatement: {
    method: 'POST',
    path: '/shipping/customer_statement/share',
    body: statementShare,
    answer: shareAnswer,
    session: true,
  },
  /** Extension: a 7-day share of an order's clearance receipt (scoped as getShippingOrder). */
  shareClearanceReceipt: {
    method: 'POST',
    path: '/shipping-orders/:id/clearance-receipt/share',
    params: z.object({ id }),
    answer: shareAnswer,
    session: true,
  },
  /** Extension: a 7-day share of a loan's summary document (scoped as getLoan). */
  shareLoan: {
    method: 'POST',
    path: '/loans/:number/share',
    params: z.object({ number: loanNumber }),
    answer: shareAnswer,
    session: true,
  },
  /** Extension, no session: the shared record; an unknown, tampered or expired token answers 404. */
  getSharedRecord: {
    method: 'GET',
    path: '/shared-records/:token',
    params: z.object({ token: shareToken }),
    answer: sharedRecord,
    session: false,
  },
  /**
   * Extension: the live (neither expired nor revoked) share links of one document, newest first:
   * `target_id` is the invoice, the customer (statement), the order (clearance receipt) or the loan
   * (loan, and every document of the loan). Scoped as reading the document: 404 otherwise.
   */
  listShares: {
    method: 'GET',
    path: '/shares',
    query: z.object({ kind: z.enum(SHARE_KINDS), target_id: id }),
    answer: z.object({ shares: z.array(shareLinkInfo) }),
    session: true,
  },
  /**
   * Extension: ends a share link now; it then opens nothing, like an expired one. Whoever may read the
   * document may revoke its links (another customer's link: 404). Revoking it again changes nothing.
   */
  revokeShare: {
    method: 'POST',
    path: '/shares/:id/revoke',
    params: z.object({ id }),
    answer: okAnswer,
    session: true,
  },
  /** Extension (staff, 403 otherwise): the warehouse the signed-in staff member works at. */
  getWarehouse: { method: 'GET', path: '/warehouse', answer: warehouseAnswer, session: true },
  updateWarehouse: {
    method: 'PUT',
    path: '/warehouse',
    body: warehouseInput,
    answer: warehouseAnswer,
    session: true,
  },
  /** Extension (staff, 403 otherwise): forget the warehouse; the lists show every origin again. */
  clearWarehouse: { method: 'DELETE', path: '/warehouse', answer: warehouseAnswer, session: true },
  /** Extension: the signed-in user's own profile. */
  getProfile: { method: 'GET', path: '/me', answer: profile, session: true },
  updateProfile: { method: 'PUT', path: '/me', body: profileUpdate, answer: profile, session: true },
  /** Extension: saves language and/or appearance with the account. */
  updatePreferences: {
    method: 'PUT',
    path: '/me/preferences',
    body: preferencesUpdate,
    answer: profile,
    session: true,
  },
  /**
   * Extension: the second step of a sign-in whose account has two-step verification (login answered
   * 401 `two_factor_required` with a challenge). A wrong code is 401; an unknown, used or expired
   * challenge 401 `invalid_token`; too many wrong codes 429. Success is login's answer and cookie.
   */
  loginTwoFactor: {
    method: 'POST',
    path: '/login/two-factor',
    body: loginTwoFactorRequest,
    answer: backofficeUser,
    session: false,
  },
  /** Extension: whether the signed-in user's two-step verification is on. */
  getTwoFactor: { method: 'GET', path: '/me/two-factor', answer: twoFactorStatus, session: true },
  /** Extension: a new pending secret (replacing any earlier pending one); 409 when already on. */
  setupTwoFactor: {
    method: 'POST',
    path: '/me/two-factor/setup',
    answer: twoFactorSetup,
    session: true,
  },
  /** Extension: turns it on with a code from the pending secret (400 wrong code, 409 nothing pending). */
  enableTwoFactor: {
    method: 'POST',
    path: '/me/two-factor/enable',
    body: twoFactorEnable,
    answer: twoFactorEnabled,
    session: true,
  },
  /** Extension: turns it off with the password and a code (400 naming the wrong field; 409 when off). */
  disableTwoFactor: {
    method: 'POST',
    path: '/me/two-factor/disable',
    body: twoFactorDisable,
    answer: twoFactorStatus,
    session: true,
  },
  /** Extension: reachability for the portal's /healthz. */
  health: { method: 'GET', path: '/health', answer: healthAnswer, session: false },
  /** Extension: the signed-in user's demo-module data (null before their first change). */
  getDemoState: { method: 'GET', path: '/me/demo-state', answer: demoStateAnswer, session: true },
  /**
   * Extension: replaces it, if nobody saved since `version` was read (409 `conflict` otherwise: read
   * again and redo the change). 413 past DEMO_STATE_MAX_BYTES.
   */
  saveDemoState: {
    method: 'PUT',
    path: '/me/demo-state',
    body: demoStateSave,
    answer: demoStateSaved,
    session: true,
    bodyLimit: DEMO_STATE_MAX_BYTES + 4096,
  },
  /**
   * Extension: failures counted per client address, shared by every portal process: the count in the
   * current window (`throttleFail` adds one first; `throttleReset` forgets the key).
   */
  throttleCount: {
    method: 'POST',
    path: '/throttles/count',
    body: throttleKey,
    answer: throttleCount,
    session: false,
    read: true,
  },
  throttleFail: {
    method: 'POST',
    path: '/throttles/fail',
    body: throttleKey,
    answer: throttleCount,
    session: false,
  },
  throttleReset: {
    method: 'POST',
    path: '/throttles/reset',
    body: throttleKey,
    answer: throttleCount,
    session: false,
  },
} as const satisfies Record<string, CallDefinition>;

export type Calls = typeof calls;
export type CallName = keyof Calls;
type Field<C, K extends string> = C extends Record<K, z.ZodTypeAny> ? z.input<C[K]> : undefined;
export type CallInput<N extends CallName> = {
  params: Field<Calls[N], 'params'>;
  query: Field<Calls[N], 'query'>;
  body: Field<Calls[N], 'body'>;
};
export type CallAnswer<N extends CallName> = z.infer<Calls[N]['answer']>;
