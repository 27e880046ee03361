import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { calls } from '@contract';

describe('the contract module tree', () => {
  it('assembles every call of the single contract module it replaced', () => {
    // The call names of app/services/backoffice/contract.ts on the day it was split by domain (calls
    // added since come on top).
    expect(Object.keys(calls)).toEqual(
      expect.arrayContaining([
        'changePassword',
        'clearWarehouse',
        'createCustomer',
        'createDriver',
        'createLoanFromRequest',
        'createShippingOrderFromRequest',
        'createShippingRequest',
        'createSupplier',
        'createTrackingEvent',
        'decideLoan',
        'disableTwoFactor',
        'enableTwoFactor',
        'financeSummary',
        'findStaffInvoice',
        'forgotPassword',
        'getContactDetails',
        'getContactImage',
        'getCustomer',
        'getCustomerStatement',
        'getDriver',
        'getInvoice',
        'getLoan',
        'getLoanDocument',
        'getProfile',
        'getSharedDocument',
        'getSharedRecord',
        'getShipmentTracking',
        'getShipmentTrackingWithPut',
        'getShippingOrder',
        'getShippingOrderDocument',
        'getShippingRequest',
        'getShippingRequestAttachment',
        'getSupplier',
        'getTwoFactor',
        'getUser',
        'getWarehouse',
        'health',
        'listAllShippingOrders',
        'listClientLoans',
        'listContainers',
        'listCustomerInvoices',
        'listCustomers',
        'listDrivers',
        'listLoanTransactions',
        'listShares',
        'listShippingOrders',
        'listShippingRequests',
        'listSuppliers',
        'listUserLoans',
        'listUsers',
        'login',
        'loginTwoFactor',
        'logout',
        'passwordReset',
        'reviewShippingRequest',
        'revokeShare',
        'setupTwoFactor',
        'shareClearanceReceipt',
        'shareInvoice',
        'shareLoan',
        'shareLoanDocument',
        'shareStatement',
        'shippingOrderSummary',
        'signup',
        'updateContactDetails',
        'updateContactImage',
        'updateDriver',
        'updatePreferences',
        'updateProfile',
        'updateSupplier',
        'updateTrackingEvent',
        'updateWarehouse',
      ]),
    );
  });

  it('keeps the values the browser imports free of zod and of every other module', () => {
    // What the browser runs takes the contract's values from here (eslint.config.js): an import
    // added to this module would bring its code into every page that shows a status or a limit.
    const source = readFileSync(new URL('../../contract/values.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/^\s*(import|export .* from)\b/m);
  });
});
