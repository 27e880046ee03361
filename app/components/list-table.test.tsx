import { describe, expect, it } from 'vitest';
import { columnLabels, cssString, textOf } from './list-table';

describe('the labels of a list card', () => {
  it('are the header cells in order, leaving out the ones a condition left out', () => {
    const staff = false;
    const head = (
      <>
        <th scope="col">
          <span className="visually-hidden">Choose</span>
        </th>
        <th scope="col">Order number</th>
        {staff && <th scope="col">Customer</th>}
        {['Status', 'Created'].map((label) => (
          <th key={label} scope="col">
            {label}
          </th>
        ))}
      </>
    );
    expect(columnLabels(head)).toEqual(['Choose', 'Order number', 'Status', 'Created']);
  });

  it('read the text inside markup', () => {
    expect(
      textOf(
        <span>
          Total <b>{12}</b> m³
        </span>,
      ),
    ).toBe('Total 12 m³');
  });

  it('are CSS strings whatever the words hold', () => {
    expect(cssString('Numéro d’ordre')).toBe('"Numéro d’ordre"');
    expect(cssString('Say "hi" \\ now\nplease')).toBe('"Say \\"hi\\" \\\\ now please"');
  });
});
