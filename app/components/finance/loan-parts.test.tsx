// A transaction's note the back office wrote reads in the reader's language, with its values; a note a
// person typed is shown as typed, isolated from the text around it.
import type { LoanTransaction } from '@contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { Language } from '~/i18n';
import { i18nFor } from '~/services/i18n.server';
import { TransactionNote } from './loan-parts';

type Note = Pick<LoanTransaction, 'note' | 'note_code' | 'note_params'>;

async function render(language: Language, entry: Note) {
  const i18n = await i18nFor(language);
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <TransactionNote entry={entry} />
    </I18nextProvider>,
  );
}

const paidOut: Note = {
  note: 'Principal paid out; the balance adds USD 1,234.50 interest over 6 months',
  note_code: 'disbursement',
  note_params: { currency: 'USD', interest: 1234.5, months: 6 },
};

describe('a transaction note', () => {
  it('is said in each language, with its money and its count', async () => {
    expect(await render('en', paidOut)).toBe(
      'Principal paid out; the balance adds $1,234.50 interest over 6 months',
    );
    const francs = new Intl.NumberFormat('fr', { style: 'currency', currency: 'USD' }).format(1234.5);
    expect(await render('fr', paidOut)).toBe(
      `Principal versé ; le solde comprend ${francs} d’intérêts sur 6 mois`,
    );
    expect(
      await render('ar', { ...paidOut, note_params: { currency: 'USD', interest: 10, months: 3 } }),
    ).toContain('على مدى 3 أشهر');
    expect(await render('zh', paidOut)).toContain('期限 6 个月');
  });

  it('names the instalment, the fee and its rate', async () => {
    const instalment: Note = {
      note: 'Instalment 2 of 6',
      note_code: 'instalment',
      note_params: { number: 2, total: 6 },
    };
    expect(await render('fr', instalment)).toBe('Échéance 2 sur 6');
    expect(await render('ar', instalment)).toBe('القسط 2 من 6');
    const fee: Note = {
      note: 'Arrangement fee (1%)',
      note_code: 'arrangement_fee',
      note_params: { percent: 1 },
    };
    expect(await render('fr', fee)).toBe('Frais de dossier (1 %)');
    expect(await render('fr', { ...fee, note_params: {} })).toBe('Frais de dossier');
    const late: Note = { note: 'x', note_code: 'late_fee', note_params: { number: 4 } };
    expect(await render('zh', late)).toBe('逾期费：第 4 期未付');
  });

  it('typed by a person stays as typed, isolated', async () => {
    expect(await render('ar', { note: 'Paid by wire.', note_code: null, note_params: null })).toBe(
      '<bdi>Paid by wire.</bdi>',
    );
    expect(await render('en', { note: null })).toBe('');
  });
});
