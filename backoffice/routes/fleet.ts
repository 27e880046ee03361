import { canManageShipments } from '../access';
import type { App } from '../app';
import { createDriver, findDriver, listDrivers, updateDriver, type DriverInput } from '../drivers';
import { refuse, type CallContext, type CallHandlers } from '../http';
import { DEFAULT_LIST_LIMIT } from '../lists';
import {
  createSupplier,
  findSupplier,
  listSuppliers,
  updateSupplier,
  type SupplierInput,
} from '../suppliers';

type FleetCalls =
  | 'listDrivers'
  | 'createDriver'
  | 'getDriver'
  | 'updateDriver'
  | 'listSuppliers'
  | 'createSupplier'
  | 'getSupplier'
  | 'updateSupplier';

/** The list query both share: `active` is sent as text ('true' / 'false'). */
function listFilter(query: CallContext<'listDrivers'>['query']) {
  return {
    search: query.search || undefined,
    active: query.active === undefined ? undefined : query.active === 'true',
    limit: query.limit ?? DEFAULT_LIST_LIMIT,
    offset: query.offset ?? 0,
  };
}

function driverInput(body: CallContext<'createDriver'>['body']): DriverInput {
  return {
    name: body.name,
    phone: body.phone,
    licence_number: body.licence_number,
    vehicle_plate: body.vehicle_plate ?? null,
    origin: body.origin ?? null,
    active: body.active,
  };
}

function supplierInput(body: CallContext<'createSupplier'>['body']): SupplierInput {
  return {
    name: body.name,
    contact: body.contact ?? null,
    phone: body.phone ?? null,
    email: body.email ?? null,
    address: body.address ?? null,
    location: body.location ?? null,
    active: body.active,
  };
}

/** Drivers and suppliers: staff work, 403 for a client. */
export function fleetHandlers(app: App): Pick<CallHandlers, FleetCalls> {
  return {
    async listDrivers({ query, session }) {
      if (!canManageShipments(session.user)) throw refuse.forbidden();
      return listDrivers(app.database, listFilter(query));
    },

    async createDriver({ body, session, database }) {
      if (!canManageShipments(session.user)) throw refuse.forbidden();
      // `database`: with an Idempotency-Key, the transaction that also keeps the answer.
      const driver = await createDriver(database, driverInput(body), app.now());
      if (driver === 'licence_taken') throw refuse.licenceTaken();
      return driver;
    },

    async getDriver({ params, session }) {
      if (!canManageShipments(session.user)) throw refuse.forbidden();
      const driver = await findDriver(app.database, params.id);
      if (!driver) throw refuse.notFound();
      return driver;
    },

    async updateDriver({ params, body, session }) {
      if (!canManageShipments(session.user)) throw refuse.forbidden();
      const driver = await updateDriver(app.database, params.id, driverInput(body), app.now());
      if (driver === 'not_found') throw refuse.notFound();
      if (driver === 'licence_taken') throw refuse.licenceTaken();
      return driver;
    },

    async listSuppliers({ query, session }) {
      if (!canManageShipments(session.user)) throw refuse.forbidden();
      return listSuppliers(app.database, listFilter(query));
    },

    async createSupplier({ body, session, database }) {
      if (!canManageShipments(session.user)) throw refuse.forbidden();
      const supplier = await createSupplier(database, supplierInput(body), app.now());
      if (supplier === 'name_taken') throw refuse.supplierNameTaken();
      return supplier;
    },

    async getSupplier({ params, session }) {
      if (!canManageShipments(session.user)) throw refuse.forbidden();
      const supplier = await findSupplier(app.database, params.id);
      if (!supplier) throw refuse.notFound();
      return supplier;
    },

    async updateSupplier({ params, body, session }) {
      if (!canManageShipments(session.user)) throw refuse.forbidden();
      const supplier = await updateSupplier(app.database, params.id, supplierInput(body), app.now());
      if (supplier === 'not_found') throw refuse.notFound();
      if (supplier === 'name_taken') throw refuse.supplierNameTaken();
      return supplier;
    },
  };
}
