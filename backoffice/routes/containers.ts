/** Containers (admin, 403 otherwise): the list, one container, add, edit, load and unload, events. */
import { canAdministerShipments } from '../access';
import type { App } from '../app';
import {
  addContainer,
  addContainerEvent,
  findContainer,
  listContainers,
  loadContainer,
  unloadContainer,
  updateContainer,
  type ContainerChange,
} from '../containers';
import type { Database } from '../data/database';
import { ApiError, refuse, type CallContext, type CallHandlers } from '../http';
import { DEFAULT_LIST_LIMIT } from '../lists';
import { pastEventTime } from './orders';

type ContainerCalls =
  | 'listContainers'
  | 'createContainer'
  | 'getContainer'
  | 'updateContainer'
  | 'loadContainer'
  | 'unloadContainer'
  | 'addContainerEvent';

function containerChange(body: CallContext<'createContainer'>['body']): ContainerChange {
  return {
    name: body.name,
    kind: body.kind,
    size: body.size,
    capacityCbm: body.capacity_cbm,
    status: body.status,
    origin: body.origin,
    destination: body.destination,
    vessel: body.vessel ?? null,
    voyage: body.voyage ?? null,
    departureDate: body.departure_date,
    arrivalDate: body.arrival_date,
  };
}

const numberTaken = () =>
  new ApiError(409, 'conflict', 'A container with this number already exists', [
    { path: 'name', message: 'number_taken' },
  ]);

/** The container as it is now (after a change in `db`). */
async function detail(db: Database, id: number) {
  const container = await findContainer(db, id);
  if (!container) throw refuse.notFound();
  return container;
}

export function containerHandlers(app: App): Pick<CallHandlers, ContainerCalls> {
  const requireAdmin = (session: CallContext<'getContainer'>['session']) => {
    if (!canAdministerShipments(session.user)) throw refuse.forbidden();
  };

  return {
    listContainers({ query, session }) {
      requireAdmin(session);
      return listContainers(app.database, {
        status: query.status,
        origin: query.origin,
        search: query.search || undefined,
        limit: query.limit ?? DEFAULT_LIST_LIMIT,
        offset: query.offset ?? 0,
      });
    },

    async createContainer({ body, session, database }) {
      requireAdmin(session);
      // `database`: with an Idempotency-Key, the transaction that also keeps the answer.
      const id = await addContainer(database, containerChange(body), session.user.id, app.now());
      if (id === 'number_taken') throw numberTaken();
      return detail(database, id);
    },

    getContainer({ params, session }) {
      requireAdmin(session);
      return detail(app.database, params.id);
    },

    async updateContainer({ params, body, session }) {
      requireAdmin(session);
      const refused = await updateContainer(
        app.database,
        params.id,
        containerChange(body),
        session.user.id,
        app.now(),
      );
      if (refused === 'not_found') throw refuse.notFound();
      if (refused === 'number_taken') throw numberTaken();
      if (refused?.refused === 'below_used')
        throw new ApiError(409, 'conflict', `Its orders take ${refused.used} CBM already`, [
          { path: 'capacity_cbm', message: 'below_used' },
        ]);
      if (refused?.refused === 'origin_loaded')
        throw new ApiError(409, 'conflict', 'Its orders leave from its origin: unload them first', [
          { path: 'origin', message: 'origin_loaded' },
        ]);
      return detail(app.database, params.id);
    },

    async loadContainer({ params, body, session, database }) {
      requireAdmin(session);
      const refused = await loadContainer(database, params.id, body.order_ids, session.user.id, app.now());
      if (refused === 'not_found') throw refuse.notFound();
      if (refused === 'closed')
        throw new ApiError(409, 'conflict', 'This container no longer takes orders (it is sealed or later)', [
          { path: 'order_ids', message: 'closed' },
        ]);
      if (refused?.refused === 'over_capacity')
        throw new ApiError(
          409,
          'conflict',
          `The container holds ${refused.capacity} CBM, ${refused.used} CBM are loaded and these orders take ${refused.adding} CBM`,
          [{ path: 'order_ids', message: 'over_capacity' }],
        );
      if (refused?.refused === 'not_loadable')
        throw refuse.invalid(
          refused.orders.map((orderId) => ({
            path: 'order_ids',
            message: `order ${orderId} cannot be loaded`,
          })),
        );
      return detail(database, params.id);
    },

    async unloadContainer({ params, session }) {
      requireAdmin(session);
      const refused = await unloadContainer(
        app.database,
        params.id,
        params.order_id,
        session.user.id,
        app.now(),
      );
      if (refused === 'not_found') throw refuse.notFound();
      if (refused === 'closed')
        throw new ApiError(409, 'conflict', 'This container is sealed: its orders stay in it', [
          { path: 'order_id', message: 'closed' },
        ]);
      return detail(app.database, params.id);
    },

    async addContainerEvent({ params, body, session, database }) {
      requireAdmin(session);
      const refused = await addContainerEvent(
        database,
        params.id,
        {
          milestone: body.milestone,
          place: body.place,
          eventTime: pastEventTime(body.event_time, app.now()),
          note: body.note ?? null,
        },
        session.user.id,
        app.now(),
      );
      if (refused === 'not_found') throw refuse.notFound();
      if (refused?.refused === 'draft_orders')
        throw new ApiError(
          409,
          'conflict',
          `Draft orders inside must be confirmed first: ${refused.orders.join(', ')}`,
          [{ path: 'milestone', message: 'draft_orders' }],
        );
      return detail(database, params.id);
    },
  };
}
