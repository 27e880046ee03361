import { sql } from 'kysely';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { calls, createdAnswer, shareAnswer, type CallName } from '@contract';
import { migrations } from './data/migrations';
import { createTestDatabase } from './data/test-engines';
import { startBackoffice } from './server';
import { backofficeLog } from './log';
import { demoAccounts } from './seed';
import { unsubscribeToken } from './notificationMails';
import { createSealer, sealingKey } from './sealing';
import { demoPdf } from './pdf';
import {
  sessionTokenFrom,
  startTestBackoffice,
  testEngine,
  type CallOptions,
  type TestBackoffice,
} from './testing';

let bo: TestBackoffice;
beforeAll(async () => {
  bo = await startTestBackoffice();
});
afterAll(async () => {
  await bo?.dispose();
});

describe('the contract', () => {
  it('answers every call with a success the contract accepts', async () => {
    const admin = await bo.login('admin@example.com');
    const agent = await bo.login('agent@example.com');
    const clientLogin = await bo.call('login', {
      body: { email: 'client@example.com', password: 'demo1234' },
    });
    const clientId = (clientLogin.body as { id: number }).id;
    const client = sessionTokenFrom(clientLogin.headers)!;
    await bo.call('forgotPassword', { body: { email: 'client2@example.com' } });
    const clientPartner = (clientLogin.body as { partner_id: number }).partner_id;
    const database = bo.backoffice.database;
    const { id: pendingId } = await database
      .selectFrom('shipping_requests')
      .select('id')
      .where('status', '=', 'pending')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const file = await database
      .selectFrom('request_attachments as a')
      .innerJoin('shipping_requests as r', 'r.id', 'a.request_id')
      .select(['a.id', 'a.request_id'])
      .where('r.partner_id', '=', clientPartner)
      .orderBy('a.id')
      .executeTakeFirstOrThrow();
    const token = new URL((await bo.outbox()).at(-1)!.link).searchParams.get('token')!;
    const { id: rejectedRequest } = await database
      .selectFrom('shipping_requests')
      .select('id')
      .where('status', '=', 'rejected')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const { id: approvedRequest } = await database
      .selectFrom('shipping_requests')
      .select('id')
      .where('status', '=', 'approved')
      .where('shipping_order_id', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    // The demo data has no approved trade-finance request: one is filed and approved here.
    const financeRequest = createdAnswer.parse(
      (
        await bo.call('createShippingRequest', {
          body: {
            partner_id: clientPartner,
            email_from: 'client@example.com',
            name: 'Trade Finance',
            description: 'Financing for a container of tiles.',
            service: 'trade_finance',
          },
          session: client,
        })
      ).body,
    ).id;
    // Two pending requests of the client's: one it corrects, one it withdraws.
    const [toCorrect, toWithdraw] = await Promise.all(
      ['Correct me', 'Withdraw me'].map(async (description) =>
        createdAnswer.parse(
          (
            await bo.call('createShippingRequest', {
              body: {
                partner_id: clientPartner,
                email_from: 'client@example.com',
                name: 'Other Service',
                description,
                service: 'other',
              },
              session: client,
            })
          ).body,
        ),
      ),
    );
    await bo.call('reviewShippingRequest', {
      params: { id: financeRequest },
      body: { status: 'approved' },
      session: admin,
    });
    const { id: trackingEvent, shipping_order_id: order } = await database
      .selectFrom('shipment_tracking as t')
      .innerJoin('shipping_orders as o', 'o.id', 't.shipping_order_id')
      .select(['t.id', 't.shipping_order_id'])
      .where('o.partner_id', '=', clientPartner)
      // An order under way: its timeline takes events.
      .where('o.status', 'in', ['confirmed', 'in_transit', 'arrived', 'cleared'])
      .orderBy('t.id')
      .executeTakeFirstOrThrow();
    // An order to edit whose status no other call changes.
    const { id: cancelledOrder } = await database
      .selectFrom('shipping_orders')
      .select('id')
      .where('status', '=', 'cancelled')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    // A customer staff entered, to correct, invite and give access to.
    const invitee = (
      (
        await bo.call('createCustomer', {
          body: {
            name: 'Invited Customer',
            phone: '+971 4 000 0001',
            email: 'invited-customer@example.com',
            national_id: '784-1980-0000000-2',
            client_type: 'company',
            business_industry: 'Testing',
          },
          session: admin,
        })
      ).body as { id: number }
    ).id;
    // Containers: a planned one to load an order into and take another out of, of their origin.
    const spare = await database
      .selectFrom('shipping_orders')
      .select(['id', 'origin'])
      .where('container_id', 'is', null)
      .where('status', 'not in', ['delivered', 'cancelled'])
      .where('cbm', '<', 10)
      .orderBy('id')
      .execute();
    const toLoad = spare.find((one) =>
      spare.some((other) => other.id !== one.id && other.origin === one.origin),
    );
    const toUnload = spare.find((other) => other.id !== toLoad?.id && other.origin === toLoad?.origin);
    if (!toLoad || !toUnload) throw new Error('the demo data has no two orders of one origin to load');
    const { id: contractContainer } = await database
      .insertInto('containers')
      .values({
        name: 'CONT 000001-1',
        size: '20ft',
        capacity_cbm: 33,
        status: 'planned',
        origin: toLoad.origin,
        destination: 'Port Said',
        departure_date: null,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await database
      .updateTable('shipping_orders')
      .set({ container_id: contractContainer })
      .where('id', '=', toUnload.id)
      .execute();
    // A cleared order to deliver, other than the one the tracking calls use.
    const { id: clearedOrder } = await database
      .selectFrom('shipping_orders')
      .select('id')
      .where('status', '=', 'cleared')
      .where('id', '<>', order)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    // Another event, to withdraw.
    const { id: mistakenEvent } = await database
      .selectFrom('shipment_tracking')
      .select('id')
      .where('id', '!=', trackingEvent)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const orderDocument = await database
      .selectFrom('order_documents as d')
      .innerJoin('shipping_orders as o', 'o.id', 'd.shipping_order_id')
      .select(['d.id', 'd.shipping_order_id'])
      .where('o.partner_id', '=', clientPartner)
      .orderBy('d.id')
      .executeTakeFirstOrThrow();
    const loan = await database
      .selectFrom('loans')
      .select(['id', 'name'])
      .where('partner_id', '=', clientPartner)
      .where('state', '=', 'approved')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const loanDocument = await database
      .selectFrom('loan_documents as d')
      .innerJoin('loans as l', 'l.id', 'd.loan_id')
      .select(['d.id', 'l.name'])
      .where('l.partner_id', '=', clientPartner)
      .orderBy('d.id')
      .executeTakeFirstOrThrow();
    const share = shareAnswer.parse(
      (
        await bo.call('shareLoanDocument', {
          params: { number: loanDocument.name, document_id: loanDocument.id },
          session: client,
        })
      ).body,
    );
    const invoice = await database
      .selectFrom('invoices')
      .select(['id', 'name'])
      .where('partner_id', '=', clientPartner)
      .where('state', '=', 'posted')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const invoiceShare = shareAnswer.parse(
      (await bo.call('shareInvoice', { params: { id: invoice.id }, session: client })).body,
    );
    const { id: invoiceShareId } = await database
      .selectFrom('shares')
      .select('id')
      .where('kind', '=', 'invoice')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const { name: requestedLoan } = await database
      .selectFrom('loans')
      .select('name')
      .where('state', '=', 'requested')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const firstId = async (table: 'drivers' | 'suppliers') =>
      (await database.selectFrom(table).select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const driver = await firstId('drivers');
    const supplier = await firstId('suppliers');
    const event = {
      milestone: 'cargo_received',
      place: 'Shenzhen consolidation warehouse',
      event_time: new Date().toISOString(),
      note: '12 cartons',
    };

    // Two-step verification: the admin's waits for its first code; client2's is on (its sign-in waits).
    const codeFor = (secret: string, offsetSeconds = 0) =>
      new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
        timestamp: Date.now() + offsetSeconds * 1000,
      });
    const adminSecret = ((await bo.call('setupTwoFactor', { session: admin })).body as { secret: string })
      .secret;
    const client2Session = await bo.login('client2@example.com');
    const { partner_id: client2Partner } = await database
      .selectFrom('users')
      .select('partner_id')
      .where('email', '=', 'client2@example.com')
      .executeTakeFirstOrThrow();
    const client2Secret = (
      (await bo.call('setupTwoFactor', { session: client2Session })).body as { secret: string }
    ).secret;
    await bo.call('enableTwoFactor', { body: { code: codeFor(client2Secret) }, session: client2Session });
    const signIn = await bo.call('login', { body: { email: 'client2@example.com', password: 'demo1234' } });
    const { challenge } = signIn.body as { challenge: string };

    // Quotes: three quotation requests of the client; the first with a sent quote, the second with a draft.
    const quotationRequest = async () =>
      (
        (
          await bo.call('createShippingRequest', {
            body: {
              partner_id: clientPartner,
              email_from: 'client@example.com',
              name: 'toys and games',
              description: 'Submitted from the client portal.',
              service: 'quotation',
              origin: 'china',
            },
            session: client,
          })
        ).body as { id: number }
      ).id;
    const quoteInput = {
      currency: 'USD',
      valid_until: '2099-12-31',
      category: 'toys_games',
      container_type: 'groupage',
      cbm: 14,
      origin: 'china',
      lines: [{ kind: 'freight', description: 'Ocean freight', quantity: 14, unit: 'cbm', unit_price: 85 }],
    };
    const draftQuote = async (requestId: number) =>
      (
        (await bo.call('createQuote', { params: { id: requestId }, body: quoteInput, session: admin }))
          .body as { id: number }
      ).id;
    const sentQuote = await draftQuote(await quotationRequest());
    await bo.call('sendQuote', { params: { id: sentQuote }, session: admin });
    const otherDraft = await draftQuote(await quotationRequest());
    const newQuotationRequest = await quotationRequest();

    // Rates: one to price with and change, one to delete.
    const rateBody = {
      origin: 'china',
      destination: 'jebel_ali',
      container_type: 'groupage',
      price: 85,
      minimum: 300,
      currency: 'USD',
      valid_from: '2020-01-01',
      valid_to: '2099-12-31',
    };
    const newRate = async (body: Record<string, unknown>) =>
      ((await bo.call('createRate', { body, session: admin })).body as { id: number }).id;
    const rateId = await newRate(rateBody);
    // A lane the demo data has no rate for.
    const spareRate = await newRate({
      ...rateBody,
      origin: 'dubai',
      destination: 'dammam',
      container_type: 'housebill',
    });

    // A notification of the agent's (a new request tells staff), and an unsubscribe link of the client's.
    const agentNotification = (
      (await bo.call('listNotifications', { query: { limit: 1 }, session: agent })).body as {
        notifications: { id: number }[];
      }
    ).notifications[0]!.id;
    const unsubscribeLink = unsubscribeToken(
      createSealer(sealingKey(bo.dataDir, undefined)),
      clientId,
      'quote_sent',
    );

    // A message with a file on the client's order.
    const withFile = await bo.call('postMessage', {
      params: { record_type: 'order', id: order },
      body: {
        body: 'The packing list',
        attachments: [{ filename: 'packing.pdf', data: demoPdf(['Packing list']).toString('base64') }],
      },
      session: client,
    });
    const messageFile = (withFile.body as { attachments: { id: number }[] }).attachments[0]!.id;

    const successes: Record<CallName, CallOptions> = {
      health: {},
      login: { body: { email: 'agent@example.com', password: 'demo1234' } },
      signup: {
        body: {
          email: 'contract@example.com',
          password: 'sealed-contract-42',
          firstName: 'Con',
          lastName: 'Tract',
        },
      },
      forgotPassword: { body: { email: 'agent@example.com', lang: 'zh' } },
      // New passwords must be hard to guess (demo1234 is not): the sessions held here keep working.
      passwordReset: { body: { email: 'client2@example.com', password: 'client2-new-passphrase', token } },
      changePassword: {
        body: { current_password: 'demo1234', new_password: 'admin-new-passphrase' },
        session: admin,
      },
      getContactDetails: { query: { user_id: clientId }, session: client },
      updateContactDetails: {
        query: { partner_id: clientPartner },
        body: { name: 'Nile Star Trading', phone: '+20 2 2735 4410', street: '', company_name: null },
        session: client,
      },
      updateContactImage: {
        query: { partner_id: clientPartner },
        body: { image: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex').toString('base64') },
        session: client,
      },
      getContactImage: { query: { partner_id: clientPartner }, session: client },
      updateUserPicture: {
        params: { id: clientId },
        body: { image: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex').toString('base64') },
        session: client,
      },
      getUserPicture: { params: { id: clientId }, session: client },
      deleteUserPicture: { params: { id: clientId }, session: client },
      listCustomers: { query: { search: 'trading', limit: 10, offset: 0 }, session: admin },
      getCustomer: { params: { id: clientPartner }, session: admin },
      createCustomer: {
        body: {
          name: 'Contract Customer',
          phone: '+971 4 000 0000',
          email: 'contract-customer@example.com',
          national_id: '784-1980-0000000-1',
          gender: 'male',
          date_of_birth: '1980-01-01',
          client_type: 'individual',
          business_industry: 'Testing',
        },
        session: admin,
      },
      updateCustomer: {
        params: { id: invitee },
        body: {
          name: 'Invited Customer LLC',
          phone: '+971 4 000 0001',
          email: 'invited-customer@example.com',
          national_id: '784-1980-0000000-2',
          client_type: 'company',
          business_industry: 'Testing',
          country: 'United Arab Emirates',
        },
        session: admin,
      },
      inviteCustomer: { params: { id: invitee }, body: { language: 'ar' }, session: agent },
      setCustomerAccess: { params: { id: invitee }, body: { active: true }, session: admin },
      listUsers: { session: admin },
      getUser: { params: { id: clientId }, session: client },
      createShippingRequest: {
        body: {
          partner_id: clientPartner,
          email_from: 'client@example.com',
          name: 'Request for Shipping',
          description: 'Submitted from the client portal.',
          expected_revenue: 0,
          attachments: [
            { filename: 'list.csv', data: Buffer.from('item,qty\nchairs,12\n').toString('base64') },
          ],
          service: 'shipping',
        },
        session: client,
      },
      listShippingRequests: { query: { search: 'shipping', limit: 5, offset: 0 }, session: client },
      getShippingRequest: { params: { id: file.request_id }, session: client },
      reviewShippingRequest: {
        params: { id: pendingId },
        body: { status: 'approved', note: 'Booked.' },
        session: admin,
      },
      getShippingRequestAttachment: {
        params: { id: file.request_id, attachment_id: file.id },
        session: client,
      },
      correctShippingRequest: {
        params: { id: toCorrect!.id },
        body: { name: 'Other Service', description: 'Corrected.', service: 'other' },
        session: client,
      },
      withdrawShippingRequest: { params: { id: toWithdraw!.id }, session: client },
      reopenShippingRequest: {
        params: { id: rejectedRequest },
        body: { note: 'The customer sent the missing invoice.' },
        session: admin,
      },
      createShippingOrderFromRequest: {
        params: { id: approvedRequest },
        body: {
          category: 'furniture_home_decor',
          container_type: 'groupage',
          cbm: 12,
          origin: 'vietnam',
          supplier_id: supplier,
          shipping_mark: 'NST/2026/099',
        },
        session: admin,
      },
      indicativePrice: {
        query: { origin: 'china', destination: 'jebel_ali', container_type: 'groupage', cbm: 14 },
        session: client,
      },
      listRates: { query: { origin: 'china' }, session: agent },
      createRate: {
        body: {
          ...rateBody,
          origin: 'india',
          destination: 'dammam',
          container_type: 'full_container_load',
          price: 2400,
        },
        session: admin,
      },
      updateRate: { params: { id: rateId }, body: { ...rateBody, price: 82.5 }, session: admin },
      deleteRate: { params: { id: spareRate }, session: admin },
      listQuotes: { query: { status: 'sent', search: 'QT-', limit: 10 }, session: client },
      getQuote: { params: { id: sentQuote }, session: client },
      createQuote: { params: { id: newQuotationRequest }, body: quoteInput, session: admin },
      updateQuote: {
        params: { id: otherDraft },
        body: { ...quoteInput, transit_days: 30, incoterm: 'FOB' },
        session: admin,
      },
      sendQuote: { params: { id: otherDraft }, session: admin },
      acceptQuote: { params: { id: sentQuote }, session: client },
      declineQuote: { params: { id: otherDraft }, body: { reason: 'Too dear.' }, session: client },
      listShippingOrders: { query: { filter: 'in_progress', search: 'SO-', limit: 10 }, session: client },
      shippingOrderSummary: { session: client },
      listAllShippingOrders: { query: { status: 'delivered', origin: 'china', limit: 5 }, session: admin },
      listContainers: { query: { status: 'loading', limit: 5 }, session: admin },
      createContainer: {
        body: {
          name: 'CONT 000002-2',
          kind: 'reefer',
          size: '40ft',
          capacity_cbm: 60,
          status: 'planned',
          origin: 'china',
          destination: 'Port Said',
          vessel: 'MSC Aurora',
          voyage: 'FA612W',
          departure_date: '2026-12-01',
          arrival_date: '2026-12-24',
        },
        session: admin,
      },
      getContainer: { params: { id: contractContainer }, session: admin },
      updateContainer: {
        params: { id: contractContainer },
        body: {
          name: 'CONT 000001-1',
          kind: 'dry',
          size: '20ft',
          capacity_cbm: 30,
          status: 'planned',
          origin: toLoad.origin,
          destination: 'Port Said, Egypt',
          departure_date: null,
          arrival_date: null,
        },
        session: admin,
      },
      loadContainer: { params: { id: contractContainer }, body: { order_ids: [toLoad.id] }, session: admin },
      unloadContainer: { params: { id: contractContainer, order_id: toUnload.id }, session: admin },
      addContainerEvent: {
        params: { id: contractContainer },
        body: { milestone: 'delayed', place: 'Jebel Ali', event_time: new Date().toISOString(), note: null },
        session: admin,
      },
      getHistory: { params: { record_type: 'order', id: order }, session: client },
      listNotifications: { query: { unread: 'true', limit: 5 }, session: agent },
      markNotificationsRead: { body: {}, session: agent },
      openNotification: { params: { id: agentNotification }, session: agent },
      getNotificationPreferences: { session: client },
      updateNotificationPreferences: {
        body: { preferences: [{ kind: 'order_milestone', channel: 'digest' }] },
        session: client,
      },
      checkUnsubscribe: { body: { token: unsubscribeLink } },
      unsubscribe: { body: { token: unsubscribeLink } },
      postMessage: {
        params: { record_type: 'order', id: order },
        body: { body: 'When does it leave Shenzhen?' },
        session: client,
      },
      listMessages: { params: { record_type: 'order', id: order }, session: agent },
      getMessageAttachment: {
        params: { record_type: 'order', id: order, attachment_id: messageFile },
        session: client,
      },
      listConversations: { query: { unread: 'true', limit: 5 }, session: client },
      getShippingOrder: { params: { id: order }, session: client },
      updateShippingOrder: {
        params: { id: cancelledOrder },
        body: {
          status: 'cancelled',
          container_id: null,
          driver_id: null,
          handler_id: null,
          expected_arrival: '2026-12-20',
          location: 'Jebel Ali',
          shipping_mark: 'NS-CONTRACT',
        },
        session: agent,
      },
      staffWork: { session: agent },
      completeDelivery: {
        params: { id: clearedOrder },
        body: { received_by: 'Hoda Samir', place: 'Cairo warehouse' },
        session: agent,
      },
      getShippingOrderDocument: {
        params: { id: orderDocument.shipping_order_id, document_id: orderDocument.id },
        session: client,
      },
      createTrackingEvent: { body: { shipping_order_id: order, ...event }, session: agent },
      updateTrackingEvent: { body: { id: trackingEvent, ...event }, session: agent },
      withdrawTrackingEvent: { params: { id: mistakenEvent }, session: agent },
      getShipmentTracking: { params: { id: order }, session: client },
      getShipmentTrackingWithPut: { params: { id: order }, session: client },
      listDrivers: { query: { active: 'true', search: 'a', limit: 5 }, session: agent },
      createDriver: {
        body: { name: 'Karim Said', phone: '+20 100 000 0000', licence_number: 'EG-DL-0000001' },
        session: agent,
      },
      getDriver: { params: { id: driver }, session: agent },
      updateDriver: {
        params: { id: driver },
        body: {
          name: 'Mahmoud Adel',
          phone: '+20 100 731 2284',
          licence_number: 'EG-DL-2871034',
          vehicle_plate: 'QTR 4821',
          origin: null,
          active: true,
        },
        session: agent,
      },
      listSuppliers: { query: { active: 'false' }, session: agent },
      createSupplier: {
        body: { name: 'Contract Supplier Ltd.', email: 'sales@contract-supplier.example', location: 'Dubai' },
        session: agent,
      },
      getSupplier: { params: { id: supplier }, session: agent },
      updateSupplier: {
        params: { id: supplier },
        body: { name: 'Shenzhen Bright Electronics Co., Ltd.', contact: 'Zhang Wei', active: true },
        session: agent,
      },
      listUserLoans: { query: { partner_id: clientPartner, tab: 'previous', limit: 10 }, session: client },
      listClientLoans: { query: { tab: 'denied', search: 'LN-', offset: 0 }, session: admin },
      listLoanTransactions: { query: { loan_id: loan.id }, body: { loan_id: loan.id }, session: client },
      financeSummary: { session: admin },
      getLoan: { params: { number: loan.name }, session: client },
      decideLoan: {
        params: { number: requestedLoan },
        body: { state: 'approved', note: 'OK.' },
        session: admin,
      },
      recordLoanTransaction: {
        params: { number: loan.name },
        body: { type: 'repayment', amount: 250, date: '2026-01-01', reference: 'WIRE-1' },
        session: admin,
      },
      getLoanDocument: {
        params: { number: loanDocument.name, document_id: loanDocument.id },
        session: client,
      },
      createLoanFromRequest: {
        params: { id: financeRequest },
        body: { principal: 38_000, interest_rate: 11.5, term_months: 6 },
        session: admin,
      },
      shareLoanDocument: {
        params: { number: loanDocument.name, document_id: loanDocument.id },
        session: client,
      },
      getSharedDocument: { params: { token: share.token } },
      listCustomerInvoices: {
        query: { customer_id: clientPartner, filter: 'unpaid', search: 'INV-', limit: 10, offset: 0 },
        session: client,
      },
      findStaffInvoice: { query: { invoice_name: invoice.name.toLowerCase() }, session: agent },
      getInvoice: { params: { id: invoice.id }, session: client },
      getCustomerStatement: {
        query: { customer_id: clientPartner, date_from: '2025-01-01', date_to: '2030-12-31' },
        session: client,
      },
      shareInvoice: { params: { id: invoice.id }, session: client },
      shareStatement: {
        body: { customer_id: clientPartner, date_from: '2025-01-01', date_to: '2030-12-31' },
        session: admin,
      },
      shareClearanceReceipt: { params: { id: order }, session: client },
      shareLoan: { params: { number: loan.name }, session: client },
      getSharedRecord: { params: { token: invoiceShare.token } },
      listShares: { query: { kind: 'invoice', target_id: invoice.id }, session: client },
      revokeShare: { params: { id: invoiceShareId }, session: client },
      getWarehouse: { session: agent },
      updateWarehouse: {
        body: {
          name: 'Shenzhen consolidation warehouse',
          address: 'Bao An, Shenzhen',
          origin: 'china',
          opening_hours: 'Mon–Sat 8:00–18:00',
          contact_phone: '+86 755 0000 0000',
          contact_email: 'shenzhen@example.com',
        },
        session: agent,
      },
      clearWarehouse: { session: agent },
      getProfile: { session: agent },
      updateProfile: {
        body: { first_name: 'Omar', last_name: 'Farouk', phone: '+971 50 000 0000' },
        session: agent,
      },
      updatePreferences: {
        body: { language: 'fr', appearance: { theme: 'dark', compact: true } },
        session: agent,
      },
      loginTwoFactor: { body: { challenge, code: codeFor(client2Secret, 30) } },
      getTwoFactor: { session: agent },
      setupTwoFactor: { session: agent },
      enableTwoFactor: { body: { code: codeFor(adminSecret) }, session: admin },
      disableTwoFactor: {
        // The password changePassword set above.
        body: { password: 'admin-new-passphrase', code: codeFor(adminSecret, 30) },
        session: admin,
      },
      // After client2's sign-in with a code above: its two-step verification is then turned off.
      resetCustomerTwoFactor: {
        params: { id: client2Partner! },
        body: { reason: 'Called back on the number on file' },
        session: admin,
      },
      getDemoState: { session: client },
      saveDemoState: { session: client, body: { state: { notes: [] }, version: 0 } },
      throttleCount: { body: { scope: 'sign_in', key: '192.0.2.1', window_seconds: 60 } },
      throttleFail: { body: { scope: 'sign_in', key: '192.0.2.1', window_seconds: 60 } },
      throttleReset: { body: { scope: 'sign_in', key: '192.0.2.1', window_seconds: 60 } },
      logout: { session: client },
    };
    expect(Object.keys(successes).sort()).toEqual(Object.keys(calls).sort());
    for (const [name, options] of Object.entries(successes) as [CallName, CallOptions][]) {
      // bo.call parses the answer with the call's `answer` schema and throws when it does not fit.
      const result = await bo.call(name, options);
      expect(result.status, name).toBe(200);
      expect(result.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(result.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('reports its health and version', async () => {
    const result = await bo.call('health');
    expect(result.body).toEqual({ status: 'ok', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
  });
});

describe('requests outside the contract', () => {
  it('answers 404 for an unknown path', async () => {
    for (const path of ['/nope', '/users/1/extra', '/users/', '/']) {
      const response = await fetch(new URL(path, bo.backoffice.url));
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({ error: 'Not found', code: 'not_found' });
    }
  });

  it('answers 405 with Allow for a known path and the wrong method', async () => {
    const response = await fetch(new URL('/login', bo.backoffice.url));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(await response.json()).toMatchObject({ code: 'method_not_allowed' });
  });

  it('refuses a body that is not JSON', async () => {
    const badJson = await fetch(new URL('/login', bo.backoffice.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email": ',
    });
    expect(badJson.status).toBe(400);
    expect(await badJson.json()).toEqual({ error: 'The body is not valid JSON', code: 'bad_request' });

    const form = await fetch(new URL('/login', bo.backoffice.url), {
      method: 'POST',
      body: new URLSearchParams({ email: 'client@example.com', password: 'demo1234' }),
    });
    expect(form.status).toBe(415);
    expect(await form.json()).toMatchObject({ code: 'unsupported_media_type' });
  });

  it('answers 413 for a body over 1 MB, with or without a declared length', async () => {
    const big = JSON.stringify({ email: 'client@example.com', password: 'x'.repeat(1024 * 1024) });
    const declared = await fetch(new URL('/signup', bo.backoffice.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: big,
    });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({ code: 'payload_too_large' });

    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    let sent = 0;
    const streamed = await fetch(new URL('/signup', bo.backoffice.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new ReadableStream({
        pull(controller) {
          if (sent++ < 40) controller.enqueue(chunk);
          else controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);

    // A body just under the limit is read and validated as usual.
    const justUnder = await fetch(new URL('/login', bo.backoffice.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'client@example.com', padding: 'x'.repeat(1000 * 1000) }),
    });
    expect(justUnder.status).toBe(400);
    expect((await bo.call('health')).status).toBe(200);
  });
});

describe('persistence', () => {
  it('makes its data directory (sealing key, mail outbox) when it is not there yet, on either engine', async () => {
    const parent = mkdtempSync(path.join(os.tmpdir(), 'backoffice-new-dir-'));
    const dataDir = path.join(parent, 'not', 'made', 'yet');
    const database = testEngine() === 'postgres' ? await createTestDatabase() : null;
    try {
      const started = await startBackoffice({ dataDir, databaseUrl: database?.url, port: 0 });
      try {
        expect((await fetch(new URL('/health', started.url))).status).toBe(200);
        expect(existsSync(path.join(dataDir, 'secret.key'))).toBe(true);
      } finally {
        await started.close();
      }
    } finally {
      await database?.drop();
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it('keeps everything across a restart on the same data directory, without seeding again', async () => {
    const own = await startTestBackoffice();
    try {
      await own.call('signup', {
        body: { email: 'keeper@example.com', password: 'keep-me-please', firstName: 'Kee', lastName: 'Per' },
      });
      const session = await own.login('keeper@example.com', 'keep-me-please');
      const users = () => own.backoffice.database.selectFrom('users').select(['id', 'email']).execute();
      const referralCodes = () =>
        own.backoffice.database
          .selectFrom('partners')
          .select(['id', 'referral_code'])
          .orderBy('id')
          .execute();
      const usersBefore = await users();
      const codesBefore = await referralCodes();
      expect(usersBefore).toHaveLength(demoAccounts.length + 1);

      await own.restart();

      expect((await users()).length).toBe(usersBefore.length);
      expect(await referralCodes()).toEqual(codesBefore);
      const me = await own.call('getUser', {
        params: { id: usersBefore.find((user) => user.email === 'keeper@example.com')!.id },
        session,
      });
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ email: 'keeper@example.com' });
      await own.login('keeper@example.com', 'keep-me-please');
      await own.login('admin@example.com');
      const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
        own.backoffice.database,
      );
      expect(applied.rows.map((row) => row.name)).toEqual(Object.keys(migrations).sort());
    } finally {
      await own.dispose();
    }
  });

  it('enforces foreign keys', async () => {
    await expect(
      bo.backoffice.database
        .insertInto('users')
        .values({
          email: 'orphan@example.com',
          password_hash: 'x',
          first_name: 'Orphan',
          partner_id: 9999,
          created_at: new Date().toISOString(),
        })
        .execute(),
    ).rejects.toThrow(/foreign key/i);
  });

  it.skipIf(testEngine() === 'postgres')('keeps the embedded file in WAL mode', async () => {
    const { rows } = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(bo.backoffice.database);
    expect(rows[0]?.journal_mode).toBe('wal');
  });
});

describe('failures', () => {
  it('answers 500 without details and logs the error', async () => {
    const own = await startTestBackoffice();
    const logged = vi.spyOn(backofficeLog(), 'error').mockImplementation(() => undefined);
    try {
      const login = await own.call('login', { body: { email: 'client@example.com', password: 'demo1234' } });
      const session = sessionTokenFrom(login.headers)!;
      await sql`alter table partners rename to partners_gone`.execute(own.backoffice.database);
      const url = new URL(
        `/get_contact_details?user_id=${(login.body as { id: number }).id}`,
        own.backoffice.url,
      );
      const response = await fetch(url, {
        method: 'POST',
        headers: { cookie: `bo_session=${session}` },
      });
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ error: 'Internal server error', code: 'internal' });
      expect(logged).toHaveBeenCalled();
      expect(String((logged.mock.calls[0]?.[0] as { err?: unknown })?.err)).toMatch(/partners/);
    } finally {
      logged.mockRestore();
      await own.dispose();
    }
  });
});
