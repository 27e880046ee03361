// The hidden key as the server renders it: the loader's fresh key on a new form, the sent key on a form
// that came back with what was typed (so the retry is recognised), a fresh one again after a success.
import { renderToString } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_FIELD, type SentForm } from '~/forms/idempotency';
import { IdempotencyKeyField } from './idempotency-key';

// The page's loader data, as the route would give it.
let loaderData: unknown;
vi.mock('@remix-run/react', () => ({ useLoaderData: () => loaderData }));

beforeEach(() => {
  loaderData = { idempotencyKey: 'fresh-key-from-loader' };
});

const render = (lastResult: SentForm | undefined) =>
  renderToString(<IdempotencyKeyField lastResult={lastResult} />);
const hidden = (value: string) => `<input type="hidden" name="${IDEMPOTENCY_FIELD}" value="${value}"/>`;

describe('IdempotencyKeyField', () => {
  it('carries the loader’s key on a new form', () => {
    expect(render(undefined)).toBe(hidden('fresh-key-from-loader'));
  });

  it('keeps the key that was sent when the form comes back refused', () => {
    const refused: SentForm = {
      status: 'error',
      initialValue: { [IDEMPOTENCY_FIELD]: 'sent-key-0123456789' },
    };
    expect(render(refused)).toBe(hidden('sent-key-0123456789'));
  });

  it('takes the fresh key after a success', () => {
    expect(render({ status: 'success', initialValue: null })).toBe(hidden('fresh-key-from-loader'));
  });

  it('renders nothing where the page has no key (an edit form)', () => {
    loaderData = { record: {} };
    expect(render(undefined)).toBe('');
  });
});
