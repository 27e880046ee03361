// Containers (admin): one container, add and edit, load and unload orders, and the container's events
// that each order inside it gets on its timeline.
import { CONTAINER_CAPACITY, type CallInput, type ContainerDetail } from '@contract';
import type { ContainerForm } from '~/forms/shipping';
import { fromLocalDateTime } from '~/forms/shipping';
import type { SignedIn } from './auth.server';
import { isBackofficeError, type KeyFor } from './errors.server';

/** One container (a missing one is the 404 page). */
export function getContainer(signedIn: SignedIn, id: number): Promise<ContainerDetail> {
  return signedIn.backoffice.record('getContainer', { params: { id } });
}

function containerBody(value: ContainerForm): CallInput<'createContainer'>['body'] {
  return {
    name: value.name,
    kind: value.kind,
    size: value.size,
    capacity_cbm: value.capacityCbm ?? CONTAINER_CAPACITY[value.size],
    status: value.status,
    origin: value.origin,
    destination: value.destination,
    vessel: value.vessel ?? null,
    voyage: value.voyage ?? null,
    departure_date: value.departureDate ?? null,
    arrival_date: value.arrivalDate ?? null,
  };
}

/** Adds (no id; `idempotencyKey`: the form's, so the same form sent again adds one) or edits a container. */
export function saveContainer(
  signedIn: SignedIn,
  id: number | null,
  value: ContainerForm,
  idempotencyKey?: string,
): Promise<ContainerDetail> {
  const body = containerBody(value);
  return id === null
    ? signedIn.backoffice.call('createContainer', { body, idempotencyKey })
    : signedIn.backoffice.record('updateContainer', { params: { id }, body });
}

/** The back office's refusals of a container's form, under the field each is about. */
export const containerFormKeyFor: KeyFor = (error) => {
  if (!isBackofficeError(error)) return null;
  if (error.fields.includes('name')) return { key: 'shipping:containers.numberTaken', field: 'name' };
  if (error.fields.includes('capacity_cbm'))
    return { key: 'shipping:containers.belowUsed', field: 'capacityCbm' };
  if (error.fields.includes('origin')) return { key: 'shipping:containers.originLoaded', field: 'origin' };
  if (error.fields.includes('arrival_date'))
    return { key: 'shipping:containers.arrivalBeforeDeparture', field: 'arrivalDate' };
  return null;
};

export function loadContainer(signedIn: SignedIn, id: number, orderIds: number[], idempotencyKey?: string) {
  return signedIn.backoffice.call('loadContainer', {
    params: { id },
    body: { order_ids: orderIds },
    idempotencyKey,
  });
}

export function unloadContainer(signedIn: SignedIn, id: number, orderId: number) {
  return signedIn.backoffice.call('unloadContainer', { params: { id, order_id: orderId } });
}

export function addContainerEvent(
  signedIn: SignedIn,
  id: number,
  input: {
    milestone: CallInput<'addContainerEvent'>['body']['milestone'];
    place: string;
    eventTime: string;
    note?: string;
  },
  idempotencyKey?: string,
) {
  return signedIn.backoffice.call('addContainerEvent', {
    params: { id },
    body: {
      milestone: input.milestone,
      place: input.place,
      event_time: fromLocalDateTime(input.eventTime),
      note: input.note ?? null,
    },
    idempotencyKey,
  });
}
