// The top bar's account menu: who is signed in, and signing out (a form: works without JavaScript). Kept
// as HTML with the rest of the top bar, for each person (ADR 064).
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '~/components/translation';
import { Button, Divider, Icon, Text } from '~/components/ui';
import { Ltr } from '~/components/ltr-text';
import { initials, type PortalUser } from '~/services/user';
import { Disclosure } from '../disclosure';

/**
 * The signed-in user's picture, or their initials when there is none or it fails to load: Joy's small soft
 * Avatar as a plain element (frame.css), since the top bar is on every page.
 */
function UserAvatar({ src, name }: { src: string | null; name: string }) {
  const [failed, setFailed] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  // A picture that failed before the page came to life has fired its error event already.
  useEffect(() => {
    if (image.current?.complete && image.current.naturalWidth === 0) setFailed(true);
  }, [src]);
  return (
    <span className="frame-avatar">
      {src && !failed ? <img ref={image} src={src} alt="" onError={() => setFailed(true)} /> : initials(name)}
    </span>
  );
}

export function UserMenu({ user }: { user: Pick<PortalUser, 'name' | 'email' | 'role' | 'profile_image'> }) {
  const { t } = useTranslation();
  return (
    <Disclosure
      label={t('user.menu', { name: user.name })}
      // A new picture is a new address (pictureUrl): drawn afresh, not left failed by the one before.
      summary={<UserAvatar key={user.profile_image} src={user.profile_image} name={user.name} />}
    >
      <Text level="title-md">{user.name}</Text>
      <Text level="body-sm" style={{ overflowWrap: 'anywhere' }}>
        <Ltr>{user.email}</Ltr>
      </Text>
      {/* A block of its own, as Joy's Typography drew it (a span of the UI layer is inline). */}
      <Text level="body-xs" textColor="text.tertiary" style={{ display: 'block', marginBlockStart: 4 }}>
        {t(`user.roles.${user.role}`, { defaultValue: user.role })}
      </Text>
      <Divider style={{ marginBlock: 12 }} />
      {/* A plain link, opened in the portal by the frame's handler (frame-links.tsx). */}
      <Button
        component="a"
        href="/pages/account-settings"
        variant="plain"
        color="neutral"
        fullWidth
        startDecorator={<Icon name="settings" size={18} />}
        style={{ justifyContent: 'flex-start', marginBlockEnd: 8 }}
      >
        {t('menu.accountSettings')}
      </Button>
      <form method="post" action="/auth/logout">
        <Button
          type="submit"
          variant="soft"
          color="neutral"
          fullWidth
          startDecorator={<Icon name="logout" size={18} />}
        >
          {t('user.signOut')}
        </Button>
      </form>
    </Disclosure>
  );
}
