// Which of a list of portal addresses a user may open: the access table decides for the framed screens;
// the legal pages and the accessibility statement are open to everyone.
import { hasRole, SCREENS } from '~/services/access';

export const TERMS_PATH = '/pages/terms-of-service';
export const PRIVACY_PATH = '/pages/privacy-policy';
export const ACCESSIBILITY_PATH = '/pages/accessibility';
export const PUBLIC_PATHS: readonly string[] = [TERMS_PATH, PRIVACY_PATH, ACCESSIBILITY_PATH];

/** The paths of `paths` (screen paths as in the access table) that `roles` may open, in order. */
export function openablePaths(roles: readonly string[], paths: readonly string[]): string[] {
  return paths.filter(
    (path) =>
      PUBLIC_PATHS.includes(path) ||
      SCREENS.some((screen) => screen.path === path && hasRole(roles, screen.roles)),
  );
}
