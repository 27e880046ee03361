// Drivers and suppliers (staff): the loaders and action of their add and edit pages, one set for both.
import { parseWithZod } from '@conform-to/zod';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import type { z } from 'zod';
import { driverSchema, supplierSchema } from '~/forms/shipping';
import { rolesFor } from './access';
import { requireUser, type SignedIn } from './auth.server';
import { isBackofficeError } from './backoffice/client.server';
import type { Driver, Supplier } from '@contract';
import { messageKeyFor, recordLoadFailed, reportError } from './errors.server';
import { redirectWithFlash } from './flash.server';
import { getDriver, getSupplier, saveDriver, saveSupplier } from './fleet.server';
import { formKeyFrom, newFormKey } from './idempotency.server';
import { pageTools } from './page.server';
import { recordIdOr404 } from './params.server';
import { readForm } from './form-body.server';

export type DirectoryKind = 'driver' | 'supplier';

const kinds = {
  driver: {
    list: '/apps/shipping/drivers',
    schema: driverSchema,
    /** The field a duplicate is about (409 from the back office). */
    uniqueField: 'licenceNumber',
    load: (signedIn: SignedIn, id: number): Promise<Driver | Supplier> => getDriver(signedIn, id),
    save: (signedIn: SignedIn, id: number | null, value: z.infer<typeof driverSchema>, key?: string) =>
      saveDriver(
        signedIn,
        id,
        {
          name: value.name,
          phone: value.phone,
          licence_number: value.licenceNumber,
          vehicle_plate: value.vehiclePlate ?? null,
          origin: value.origin ?? null,
          active: value.active,
        },
        key,
      ),
  },
  supplier: {
    list: '/apps/suppliers',
    schema: supplierSchema,
    uniqueField: 'name',
    load: (signedIn: SignedIn, id: number): Promise<Driver | Supplier> => getSupplier(signedIn, id),
    save: (signedIn: SignedIn, id: number | null, value: z.infer<typeof supplierSchema>, key?: string) =>
      saveSupplier(
        signedIn,
        id,
        {
          name: value.name,
          contact: value.contact ?? null,
          phone: value.phone ?? null,
          email: value.email || null,
          address: value.address ?? null,
          location: value.location ?? null,
          active: value.active,
        },
        key,
      ),
  },
} as const;

function recordId(raw: string | undefined): number | null {
  return raw === undefined ? null : recordIdOr404(raw);
}

/** The screen of the add page (no `:id`) or the edit page; roles are checked before the id is read. */
function screenOf(kind: DirectoryKind, rawId: string | undefined): string {
  return `${kinds[kind].list}/${rawId === undefined ? 'new' : ':id'}`;
}

/** The add page (no `:id`) or the edit page with the record as it is now. */
export async function recordLoader(kind: DirectoryKind, { request, params }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(screenOf(kind, params.id)) });
  const id = recordId(params.id);
  const { t, title } = await pageTools(request, 'shipping');
  if (id === null) return { title: title(t(`${kind}s.addTitle`)), record: null, ...newFormKey() };
  try {
    const record = await kinds[kind].load(signedIn, id);
    return { title: title(t(`${kind}s.editTitle`, { name: record.name })), record };
  } catch (error) {
    return recordLoadFailed(request, kind, error);
  }
}

/** Saves the record; back to the list with a notice, or the form again with what was typed. */
export async function recordAction(kind: DirectoryKind, { request, params }: ActionFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(screenOf(kind, params.id)) });
  const id = recordId(params.id);
  const spec = kinds[kind];
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: spec.schema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  let saved: Driver | Supplier;
  try {
    // The schema parsed above is this kind's own.
    const save = spec.save as (
      s: SignedIn,
      i: number | null,
      v: unknown,
      key?: string,
    ) => Promise<Driver | Supplier>;
    saved = await save(signedIn, id, submission.value, formKeyFrom(formData));
  } catch (error) {
    if (error instanceof Response) throw error;
    if (isBackofficeError(error) && error.code === 'conflict') {
      return data(
        submission.reply({ fieldErrors: { [spec.uniqueField]: [`shipping:${kind}s.duplicate`] } }),
        { status: 409 },
      );
    }
    reportError(`save ${kind}`, error);
    return data(submission.reply({ formErrors: [messageKeyFor(error)] }), { status: 400 });
  }
  return redirectWithFlash(request, spec.list, {
    key: 'shipping:directory.saved',
    values: { name: saved.name },
  });
}
