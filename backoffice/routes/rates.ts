import { hasRole, isStaff } from '../access';
import type { App } from '../app';
import { refuse, type CallContext, type CallHandlers } from '../http';
import { dayOf } from '../numbers';
import { deleteRate, findRate, listRates, priceShipment, saveRate, type RateValues } from '../rates';
import type { Database } from '../data/database';
import type { Session } from '../sessions';

type RateCalls = 'listRates' | 'createRate' | 'updateRate' | 'deleteRate' | 'indicativePrice';

function rateValues(body: CallContext<'createRate'>['body']): RateValues {
  return {
    origin: body.origin,
    destination: body.destination,
    containerType: body.container_type,
    price: body.price,
    minimum: body.minimum,
    currency: body.currency,
    validFrom: body.valid_from,
    validTo: body.valid_to,
  };
}

/** Rates are an administrator's to change (staff read them). */
function adminOnly(session: Session): void {
  if (!hasRole(session.user, 'admin')) throw refuse.forbidden();
}

export function rateHandlers(app: App): Pick<CallHandlers, RateCalls> {
  /** The rate saved, read through `database` (with an Idempotency-Key, the transaction it was written in). */
  const saved = async (database: Database, outcome: Awaited<ReturnType<typeof saveRate>>) => {
    if (outcome === 'not_found') throw refuse.notFound();
    if (outcome === 'overlaps') throw refuse.rateOverlaps();
    const rate = await findRate(database, outcome.id);
    if (!rate) throw refuse.notFound();
    return rate;
  };

  return {
    async listRates({ query, session }) {
      if (!isStaff(session.user)) throw refuse.forbidden();
      const rates = await listRates(app.database, {
        origin: query.origin,
        destination: query.destination,
        containerType: query.container_type,
      });
      return { rates };
    },

    async createRate({ body, session, database }) {
      adminOnly(session);
      return saved(database, await saveRate(database, rateValues(body), app.now()));
    },

    async updateRate({ params, body, session }) {
      adminOnly(session);
      return saved(app.database, await saveRate(app.database, rateValues(body), app.now(), params.id));
    },

    async deleteRate({ params, session }) {
      adminOnly(session);
      if (!(await deleteRate(app.database, params.id))) throw refuse.notFound();
      return { status: 'success' };
    },

    async indicativePrice({ query }) {
      const price = await priceShipment(app.database, {
        origin: query.origin,
        destination: query.destination,
        containerType: query.container_type,
        cbm: query.cbm,
        day: query.date ?? dayOf(app.now()),
      });
      if (!price) throw refuse.notFound();
      return price;
    },
  };
}
