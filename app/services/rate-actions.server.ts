// The rate form's action, for a new rate and a changed one: checked, saved, and on a refusal the form
// comes back with what was typed and why (an overlapping period is said on its dates).
import { parseWithZod } from '@conform-to/zod';
import { data } from '@remix-run/node';
import { rateSchema } from '~/forms/rates';
import type { SignedIn } from './auth.server';
import type { Rate, RateInput } from '@contract';
import { attempt, formErrorsOf, isBackofficeError } from './errors.server';
import { redirectWithFlash } from './flash.server';
import { formKeyFrom } from './idempotency.server';
import { createRate, updateRate } from './rates.server';

export async function saveRateAction(request: Request, signedIn: SignedIn, formData: FormData, id?: number) {
  const submission = parseWithZod(formData, { schema: rateSchema });
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
  const value = submission.value;
  const body: RateInput = {
    origin: value.origin,
    destination: value.destination,
    container_type: value.containerType,
    price: value.price,
    minimum: value.minimum,
    currency: value.currency,
    valid_from: value.validFrom,
    valid_to: value.validTo,
  };
  const saved = await attempt<Rate>(
    () =>
      id === undefined ? createRate(signedIn, body, formKeyFrom(formData)) : updateRate(signedIn, id, body),
    'save rate',
    {
      keyFor: (error) =>
        isBackofficeError(error) && error.code === 'conflict'
          ? { key: 'quotes:rates.overlaps', field: 'validFrom' }
          : null,
    },
  );
  if (!saved.ok) return data({ result: submission.reply(formErrorsOf(saved)) }, { status: 400 });
  return redirectWithFlash(request, '/apps/rates', {
    key: id === undefined ? 'quotes:rates.added' : 'quotes:rates.saved',
  });
}
