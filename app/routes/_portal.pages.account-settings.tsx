// Account settings: the customer's contact details and referral code; everyone's profile, picture,
// password and two-step verification. Staff see their contact details (kept by administrators).
// Each form posts to its own route beside this one (profile, password, contact, image), which shows this
// page again when it refuses.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useOutlet } from '@remix-run/react';
import { AccountSettingsPage } from '~/components/account/settings-page';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { titleMeta } from '~/components/page-title';
import { isStaff, rolesFor } from '~/services/access';
import { getOwnContact, getProfile } from '~/services/account.server';
import { requireUser } from '~/services/auth.server';
import { loadPart } from '~/services/errors.server';
import { pageTools } from '~/services/page.server';
import { twoFactorStatus } from '~/services/two-factor.server';
import { pictureUrl } from '~/services/user';

const SCREEN = '/pages/account-settings';

export const handle = { i18n: ['common', 'account', 'requests'] };

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(SCREEN) });
  const { t, title, common } = await pageTools(request, 'account');
  // Each part may be missing on its own; the page says so where it would show.
  const [twoStep, profile, contact] = await Promise.all([
    loadPart(twoFactorStatus(signedIn), 'two-step status', common),
    loadPart(getProfile(signedIn), 'profile', common),
    loadPart(getOwnContact(signedIn), 'account settings', common),
  ]);
  return {
    title: title(t('title')),
    email: signedIn.user.email,
    name: signedIn.user.name,
    staff: isStaff(signedIn.user.roles),
    profile: profile.value,
    // The back office's word on the picture (another device may have changed it); without the profile,
    // what the session says.
    picture: profile.value
      ? profile.value.picture_version
        ? pictureUrl(profile.value.picture_version)
        : null
      : signedIn.user.profile_image,
    twoStep: twoStep.value,
    contact: contact.value,
    loadError: contact.error,
  };
}

export const meta = titleMeta;

export default function AccountSettings() {
  // A form's route, when it answered, shows the page with that form's answer.
  return useOutlet() ?? <AccountSettingsPage />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
