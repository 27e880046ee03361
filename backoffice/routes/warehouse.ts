import { canSetWarehouse } from '../access';
import type { App } from '../app';
import { refuse, type CallHandlers } from '../http';
import { deleteWarehouse, findWarehouse, saveWarehouse } from '../warehouses';

type WarehouseCalls = 'getWarehouse' | 'updateWarehouse' | 'clearWarehouse';

export function warehouseHandlers(app: App): Pick<CallHandlers, WarehouseCalls> {
  return {
    async getWarehouse({ session }) {
      if (!canSetWarehouse(session.user)) throw refuse.forbidden();
      return { warehouse: await findWarehouse(app.database, session.user.id) };
    },

    async updateWarehouse({ body, session }) {
      if (!canSetWarehouse(session.user)) throw refuse.forbidden();
      await saveWarehouse(
        app.database,
        session.user.id,
        {
          name: body.name,
          address: body.address,
          origin: body.origin,
          openingHours: body.opening_hours ?? null,
          contactPhone: body.contact_phone ?? null,
          contactEmail: body.contact_email ?? null,
        },
        app.now(),
      );
      return { warehouse: await findWarehouse(app.database, session.user.id) };
    },

    async clearWarehouse({ session }) {
      if (!canSetWarehouse(session.user)) throw refuse.forbidden();
      // Idempotent: clearing a warehouse never set answers the same.
      await deleteWarehouse(app.database, session.user.id);
      return { warehouse: null };
    },
  };
}
