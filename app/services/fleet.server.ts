// Containers (admin), drivers and suppliers (staff): lists a page at a time, one record, create, update.
import type { ContainerListParams, DirectoryParams } from '~/forms/shipping';
import type { SignedIn } from './auth.server';
import type { CallInput, Container, Driver, Supplier } from '@contract';
import { pageOf, pageQuery, textMatches, type Page } from './paging';
import { originFor, type OriginChoice } from './warehouse.server';

export async function listContainers(
  signedIn: SignedIn,
  asked: ContainerListParams,
  url: URL = new URL('http://portal.invalid/?origin=all'),
): Promise<Page<Container> & OriginChoice> {
  const choice = await originFor(signedIn, url, asked.origin);
  const params = { ...asked, origin: choice.origin };
  const answer = await signedIn.backoffice.call('listContainers', {
    query: {
      search: params.q || undefined,
      status: params.status,
      origin: params.origin,
      ...pageQuery(params.page),
    },
  });
  const page = pageOf(
    answer.containers,
    answer.total,
    params.page,
    (container) =>
      (!params.status || container.status === params.status) &&
      (!params.origin || container.origin === params.origin) &&
      textMatches(params.q, [container.name, container.destination]),
  );
  return { ...page, ...choice };
}

function directoryQuery(params: DirectoryParams) {
  return { search: params.q || undefined, active: params.active, ...pageQuery(params.page) };
}

function activeMatches(params: DirectoryParams, record: { active: boolean }): boolean {
  return !params.active || String(record.active) === params.active;
}

export async function listDrivers(signedIn: SignedIn, params: DirectoryParams): Promise<Page<Driver>> {
  const answer = await signedIn.backoffice.call('listDrivers', {
    query: directoryQuery(params),
  });
  return pageOf(
    answer.drivers,
    answer.total,
    params.page,
    (driver) =>
      activeMatches(params, driver) &&
      textMatches(params.q, [driver.name, driver.phone, driver.licence_number, driver.vehicle_plate]),
  );
}

export async function listSuppliers(signedIn: SignedIn, params: DirectoryParams): Promise<Page<Supplier>> {
  const answer = await signedIn.backoffice.call('listSuppliers', {
    query: directoryQuery(params),
  });
  return pageOf(
    answer.suppliers,
    answer.total,
    params.page,
    (supplier) =>
      activeMatches(params, supplier) &&
      textMatches(params.q, [supplier.name, supplier.contact, supplier.email, supplier.location]),
  );
}

/** Every active supplier for a choice list (an order made from a request), at most 100. */
export async function supplierChoices(signedIn: SignedIn): Promise<{ id: number; name: string }[]> {
  const answer = await signedIn.backoffice.call('listSuppliers', {
    query: { active: 'true', limit: 100 },
  });
  return answer.suppliers.filter((s) => s.active).map((s) => ({ id: s.id, name: s.name }));
}

export function getDriver(signedIn: SignedIn, id: number) {
  return signedIn.backoffice.call('getDriver', { params: { id } });
}

/** `idempotencyKey`: the add form's key, so the same form sent again adds one driver. */
export function saveDriver(
  signedIn: SignedIn,
  id: number | null,
  body: CallInput<'createDriver'>['body'],
  idempotencyKey?: string,
) {
  return id
    ? signedIn.backoffice.record('updateDriver', { params: { id }, body })
    : signedIn.backoffice.call('createDriver', { body, idempotencyKey });
}

export function getSupplier(signedIn: SignedIn, id: number) {
  return signedIn.backoffice.call('getSupplier', { params: { id } });
}

export function saveSupplier(
  signedIn: SignedIn,
  id: number | null,
  body: CallInput<'createSupplier'>['body'],
  idempotencyKey?: string,
) {
  return id
    ? signedIn.backoffice.record('updateSupplier', { params: { id }, body })
    : signedIn.backoffice.call('createSupplier', { body, idempotencyKey });
}
