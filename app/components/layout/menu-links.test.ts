// The menu marks the one entry the page belongs to: the longest menu path the URL is at or under.
import { describe, expect, it } from 'vitest';
import { screensFor } from '~/services/access';
import { currentEntry, type MenuEntry } from './menu-links';

const menuOf = (roles: string[]): MenuEntry[] =>
  screensFor(roles).flatMap((screen) => (screen.menu ? [{ path: screen.path, menu: screen.menu }] : []));

describe('the current menu entry', () => {
  const admin = menuOf(['admin']);

  it('is the entry of the page or of the page it is under', () => {
    expect(currentEntry(admin, '/apps/loans')).toBe('/apps/loans');
    expect(currentEntry(admin, '/apps/shipping')).toBe('/apps/shipping');
    expect(currentEntry(admin, '/apps/shipping/container/7')).toBe('/apps/shipping/container');
  });

  it('is one entry where menu paths nest: the drivers page marks Drivers, not Shipping Orders', () => {
    expect(currentEntry(admin, '/apps/shipping/drivers')).toBe('/apps/shipping/drivers');
    expect(currentEntry(admin, '/apps/shipping/drivers/3')).toBe('/apps/shipping/drivers');
  });

  it('is none for a page outside the menu or a path that only starts alike', () => {
    expect(currentEntry(admin, '/apps/shipping-details/12')).toBeUndefined();
    expect(currentEntry(menuOf(['client']), '/apps/customers')).toBeUndefined();
  });
});
