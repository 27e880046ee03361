// The lines a request's description tells its choices in, read back: by the portal for a back office
// without codes, and into codes for the requests the reference back office kept before (migration 0020).
import { describe, expect, it } from 'vitest';
import { customerText, detailCodesIn, detailLines, financeLines } from './request-details';

describe('detailCodesIn', () => {
  it('reads the codes of the block the portal writes, the destination line included', () => {
    const block = detailLines({
      category: 'toys_games',
      containerType: 'housebill',
      origin: 'china',
      cbm: 6.5,
    });
    expect(detailCodesIn([...block, '', 'Wooden toys.'].join('\n'))).toEqual({
      category: 'toys_games',
      container_type: 'housebill',
      cbm: 6.5,
    });
    const quotation = detailLines({
      category: 'childrens_fashion',
      containerType: 'full_container_load',
      origin: 'india',
      cbm: 40,
      destination: 'nansha',
    });
    expect(detailCodesIn(quotation.join('\n'))).toEqual({
      category: 'childrens_fashion',
      container_type: 'full_container_load',
      cbm: 40,
    });
  });

  it("reads only the block: the customer's words below it are theirs", () => {
    const block = detailLines({ category: 'toys_games', containerType: 'groupage', origin: 'china', cbm: 1 });
    const description = [...block, '', 'Category: footwear'].join('\n');
    expect(detailCodesIn(description)?.category).toBe('toys_games');
    expect(customerText(description)).toBe('Category: footwear');
  });

  it('reads nothing from words a person typed, an unknown name or an application', () => {
    expect(detailCodesIn('Please call me.\nCategory: footwear\nContainer type: Groupage')).toBeNull();
    expect(
      detailCodesIn('Category: spaceships\nContainer type: Groupage\nOrigin: China\nCBMs required: 4'),
    ).toBeNull();
    expect(
      detailCodesIn('Category: footwear\nContainer type: Groupage\nOrigin: China\nCBMs required: -4'),
    ).toBeNull();
    const application = financeLines({
      amount: 15000,
      currency: 'USD',
      tenorMonths: 4,
      supplierName: 'Mill',
      supplierCountry: 'India',
    });
    expect(detailCodesIn([...application, '', 'Stock.'].join('\n'))).toBeNull();
    expect(customerText([...application, '', 'Stock.'].join('\n'))).toBe('Stock.');
  });
});
