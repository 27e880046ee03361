// The one way a screen's back-office work becomes a form message (`attempt`), and the demo screens' twin
// (`withinLimits`): a thrown Response goes on, a known failure becomes its key, anything else is logged.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logger } from '../../server/logger.js';
import { BackofficeError } from './backoffice/client.server';
import { withinLimits } from './demo/screen.server';
import { DemoLimitReached, DemoNotFound } from './demo/store.server';
import { attempt, formErrorsOf, loadPart, NOT_OFFERED, notOfferedKey, ServerRefusal } from './errors.server';

afterEach(() => {
  vi.restoreAllMocks();
});

function thrownBy(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    return error;
  }
  throw new Error('nothing was thrown');
}

const conflict = () =>
  new BackofficeError('rejected', 'createOrderFromRequest', { status: 409, code: 'conflict' });

describe('attempt', () => {
  it('gives back the value of work that succeeded', async () => {
    await expect(attempt(() => Promise.resolve(42), 'answer')).resolves.toEqual({ ok: true, value: 42 });
  });

  it('lets a thrown Response (the way to sign-in, a 404) go on untouched', async () => {
    const signIn = new Response(null, { status: 302, headers: { Location: '/auth/sign-in' } });
    const errors = vi.spyOn(logger, 'error');
    const keyFor = vi.fn(() => 'shipping:newOrder.conflict');
    await expect(attempt(() => Promise.reject(signIn), 'order', { keyFor })).rejects.toBe(signIn);
    expect(keyFor).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
  });

  it("turns a back-office failure into its kind's key, a refusal unlogged", async () => {
    const errors = vi.spyOn(logger, 'error');
    const refused = new BackofficeError('rejected', 'updateProfile', { status: 422 });
    const outcome = await attempt(() => Promise.reject(refused), 'profile');
    expect(outcome).toEqual({ ok: false, key: 'common:errors.rejected', error: refused });
    expect(errors).not.toHaveBeenCalled();
  });

  it('logs a back office that is down with the context, and gives its key', async () => {
    const errors = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const down = new BackofficeError('unavailable', 'saveWarehouse');
    const outcome = await attempt(() => Promise.reject(down), 'save warehouse');
    expect(outcome).toMatchObject({ ok: false, key: 'common:errors.unavailable' });
    expect(errors).toHaveBeenCalledWith({ err: down, context: 'save warehouse' }, 'unexpected error');
  });

  it('reports an unexpected error and gives the generic key', async () => {
    const errors = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const bug = new TypeError('x is undefined');
    const outcome = await attempt(() => {
      throw bug;
    }, 'tracking event');
    expect(outcome).toEqual({ ok: false, key: 'common:errors.unexpected', error: bug });
    expect(errors).toHaveBeenCalledWith({ err: bug, context: 'tracking event' }, 'unexpected error');
  });

  it("gives the back office's own message of an answer that says it failed", async () => {
    const outcome = await attempt(() => Promise.reject(new ServerRefusal('Closed today')), 'x');
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.key).toMatch(/^common:errors\.serverSaid/);
  });

  it("answers a failure the screen's keyFor knows with its key, unlogged, on its field if it names one", async () => {
    const errors = vi.spyOn(logger, 'error');
    const error = conflict();
    const keyFor = (thrown: unknown) =>
      thrown instanceof BackofficeError && thrown.code === 'conflict' ? 'shipping:newOrder.conflict' : null;
    const outcome = await attempt(() => Promise.reject(error), 'order from request', { keyFor });
    expect(outcome).toEqual({ ok: false, key: 'shipping:newOrder.conflict', error });
    const onField = await attempt(() => Promise.reject(error), 'add customer', {
      keyFor: () => ({ field: 'email', key: 'customers:add.emailTaken' }),
    });
    expect(onField).toEqual({ ok: false, key: 'customers:add.emailTaken', field: 'email', error });
    expect(errors).not.toHaveBeenCalled();
  });

  it('falls back to the common keys when keyFor does not know the failure, logging what is unexpected', async () => {
    const errors = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const down = new BackofficeError('unavailable', 'createOrderFromRequest');
    const outcome = await attempt(() => Promise.reject(down), 'order from request', { keyFor: () => null });
    expect(outcome).toMatchObject({ ok: false, key: 'common:errors.unavailable' });
    expect(errors).toHaveBeenCalledOnce();
  });

  it("puts a failure in a form's reply under its field, or over the whole form", () => {
    const error = conflict();
    expect(formErrorsOf({ ok: false, key: 'customers:add.emailTaken', field: 'email', error })).toEqual({
      fieldErrors: { email: ['customers:add.emailTaken'] },
    });
    expect(formErrorsOf({ ok: false, key: 'common:errors.unavailable', error })).toEqual({
      formErrors: ['common:errors.unavailable'],
    });
  });
});

describe('withinLimits (demo screens)', () => {
  it('gives back the value of a change that stayed within the caps', () => {
    expect(withinLimits(() => 'note-1')).toEqual({ ok: true, value: 'note-1' });
  });

  it("gives a change over the user's caps as the form's message", () => {
    const outcome = withinLimits(() => {
      throw new DemoLimitReached('notes');
    });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.key).toMatch(/^demoLimits\.notes\|/);
  });

  it('answers a record that is not there with a 404 Response', () => {
    const thrown = thrownBy(() =>
      withinLimits(() => {
        throw new DemoNotFound('Note');
      }),
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(404);
  });

  it('lets a Response and any other error go on', () => {
    const back = new Response(null, { status: 302, headers: { Location: '/auth/sign-in' } });
    const bug = new TypeError('boom');
    for (const error of [back, bug]) {
      expect(
        thrownBy(() =>
          withinLimits(() => {
            throw error;
          }),
        ),
      ).toBe(error);
    }
  });
});

describe('a back office without a call the screen needs (an extension: it answers 404)', () => {
  const lacking = () => new BackofficeError('not_found', 'financeSummary', { status: 404 });
  const say = ((key: string) => `said:${key}`) as unknown as Parameters<typeof loadPart>[2];

  it('makes a list or a card say so, unlogged, instead of "not found"', async () => {
    const errors = vi.spyOn(logger, 'error');
    const part = await loadPart(Promise.reject(lacking()), 'dashboard finance', say);
    expect(part).toEqual({ value: null, error: `said:${NOT_OFFERED}` });
    expect(errors).not.toHaveBeenCalled();
  });

  it('still tells a back office that is down', async () => {
    vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const part = await loadPart(
      Promise.reject(new BackofficeError('unavailable', 'financeSummary')),
      'dashboard finance',
      say,
    );
    expect(part).toEqual({ value: null, error: 'said:common:errors.unavailable' });
  });

  it('makes an action on a record just loaded say so on its form', async () => {
    const outcome = await attempt(() => Promise.reject(lacking()), 'loan transaction', {
      keyFor: notOfferedKey,
    });
    expect(outcome).toMatchObject({ ok: false, key: NOT_OFFERED });
    expect(
      notOfferedKey(new BackofficeError('rejected', 'recordLoanTransaction', { status: 409 })),
    ).toBeNull();
  });
});
