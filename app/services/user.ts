// The signed-in user as the portal keeps it (spec section 3, with its fall-backs applied).
import type { BackofficeUser } from '@contract';

export interface PortalUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  name: string;
  partner_id: number | null;
  roles: string[];
  role: string;
  /**
   * The avatar's address: the person's own picture (pictureUrl) when the back office says they have one,
   * else an image URL it gives; inline images are never kept in the cookie.
   */
  profile_image: string | null;
}

const MAX_IMAGE_URL_LENGTH = 512;

/** Where the signed-in person's own picture is served. */
export const PICTURE_PATH = '/pages/account-image';

/**
 * The address of the person's picture at `version`: a new upload is a new address, so neither the
 * browser's cache nor an image already drawn on the page keeps the old one.
 */
export function pictureUrl(version: number): string {
  return `${PICTURE_PATH}?v=${version}`;
}

/** The version of the own picture the avatar points at, or null when it points elsewhere or nowhere. */
export function pictureVersionOf(user: PortalUser): number | null {
  const address = `${PICTURE_PATH}?v=`;
  const version = user.profile_image?.startsWith(address) ? user.profile_image.slice(address.length) : '';
  return /^[1-9]\d*$/.test(version) ? Number(version) : null;
}

/**
 * The user with the avatar at the own picture's `version` (null: none), as toPortalUser would make it
 * from the back office's user; an image URL the back office gave is kept while there is no own picture.
 * The same object when nothing changes.
 */
export function withPictureVersion(user: PortalUser, version: number | null): PortalUser {
  if (version === null) {
    return pictureVersionOf(user) === null ? user : { ...user, profile_image: null };
  }
  return pictureVersionOf(user) === version ? user : { ...user, profile_image: pictureUrl(version) };
}

export function toPortalUser(user: BackofficeUser): PortalUser {
  const firstName = user.firstName?.trim() ?? '';
  const lastName = user.lastName?.trim() ?? '';
  const roles = user.roles.map((role) => role.name.toLowerCase());
  const image = user.profile_image || user.user_image || null;
  return {
    id: user.id,
    email: user.email,
    firstName,
    lastName,
    name: user.name?.trim() || [firstName, lastName].filter(Boolean).join(' ') || user.email,
    partner_id: user.partner_id,
    roles,
    role: user.role?.toLowerCase() || roles[0] || '',
    profile_image: user.picture_version
      ? pictureUrl(user.picture_version)
      : image && image.length <= MAX_IMAGE_URL_LENGTH && /^(https?:)?\//.test(image)
        ? image
        : null,
  };
}

/** Splits a full name at the first space (spec section 5). */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const trimmed = fullName.trim().replace(/\s+/g, ' ');
  const space = trimmed.indexOf(' ');
  if (space === -1) return { firstName: trimmed, lastName: '' };
  return { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1) };
}

export function initials(name: string): string {
  return name
    .split(' ')
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}
