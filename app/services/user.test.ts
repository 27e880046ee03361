import { describe, expect, it } from 'vitest';
import { initials, pictureVersionOf, splitFullName, toPortalUser, withPictureVersion } from './user';

describe('splitFullName', () => {
  it('splits at the first space', () => {
    expect(splitFullName('Nadia Karim Saleh')).toEqual({ firstName: 'Nadia', lastName: 'Karim Saleh' });
  });
  it('keeps a single name whole', () => {
    expect(splitFullName('  Cher ')).toEqual({ firstName: 'Cher', lastName: '' });
  });
  it('collapses repeated spaces first', () => {
    expect(splitFullName('Chen   Wei')).toEqual({ firstName: 'Chen', lastName: 'Wei' });
  });
});

describe('toPortalUser (spec section 3 fall-backs)', () => {
  const base = { id: 3, email: 'a@b.c', partner_id: 9, roles: [{ name: 'Client' }] };

  it('builds the name from first and last name when none is given', () => {
    expect(toPortalUser({ ...base, firstName: 'Layla', lastName: 'Mansour' }).name).toBe('Layla Mansour');
  });
  it('falls back to the e-mail when there is no name at all', () => {
    expect(toPortalUser(base).name).toBe('a@b.c');
  });
  it('takes the role from the first role, lower-cased', () => {
    const user = toPortalUser({ ...base, roles: [{ name: 'Warehouse_Agent' }, { name: 'admin' }] });
    expect(user.role).toBe('warehouse_agent');
    expect(user.roles).toEqual(['warehouse_agent', 'admin']);
  });
  it('falls back from profile_image to user_image', () => {
    expect(toPortalUser({ ...base, user_image: '/images/u3.png' }).profile_image).toBe('/images/u3.png');
  });
  it('points the avatar at the own picture, whose address changes with its version', () => {
    expect(toPortalUser({ ...base, picture_version: 3 }).profile_image).toBe('/pages/account-image?v=3');
    expect(toPortalUser({ ...base, picture_version: 4, profile_image: '/images/u3.png' }).profile_image).toBe(
      '/pages/account-image?v=4',
    );
    expect(toPortalUser({ ...base, picture_version: null }).profile_image).toBeNull();
  });
  it('keeps inline images out of the cookie', () => {
    expect(
      toPortalUser({ ...base, profile_image: `data:image/png;base64,${'A'.repeat(2000)}` }).profile_image,
    ).toBeNull();
  });
});

describe('the avatar and the own picture’s version', () => {
  const base = { id: 3, email: 'a@b.c', partner_id: 9, roles: [{ name: 'Client' }] };

  it('reads the version from the avatar’s address, none for another address', () => {
    expect(pictureVersionOf(toPortalUser({ ...base, picture_version: 12 }))).toBe(12);
    expect(pictureVersionOf(toPortalUser({ ...base, user_image: '/images/u3.png' }))).toBeNull();
    expect(pictureVersionOf(toPortalUser(base))).toBeNull();
  });
  it('moves the avatar to another version, or to none, and keeps the same user when nothing changes', () => {
    const user = toPortalUser({ ...base, picture_version: 1 });
    expect(withPictureVersion(user, 2).profile_image).toBe('/pages/account-image?v=2');
    expect(withPictureVersion(user, null).profile_image).toBeNull();
    expect(withPictureVersion(user, 1)).toBe(user);
  });
  it('keeps an image URL the back office gave while there is no own picture', () => {
    const user = toPortalUser({ ...base, user_image: '/images/u3.png' });
    expect(withPictureVersion(user, null)).toBe(user);
    expect(withPictureVersion(user, 5).profile_image).toBe('/pages/account-image?v=5');
  });
});

describe('initials', () => {
  it('takes up to two initials', () => {
    expect(initials('Layla Mansour Haddad')).toBe('LM');
  });
});
