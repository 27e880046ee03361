// The top bar's account menu: who is signed in, and signing out (a form: works without JavaScript).
import { Link } from '@remix-run/react';
import { IconLogout, IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Avatar, Button, Divider, Text } from '~/components/ui';
import { Ltr } from '~/components/ltr-text';
import { initials, type PortalUser } from '~/services/user';
import { Disclosure } from '../disclosure';

export function UserMenu({ user }: { user: Pick<PortalUser, 'name' | 'email' | 'role' | 'profile_image'> }) {
  const { t } = useTranslation();
  return (
    <Disclosure
      label={t('user.menu', { name: user.name })}
      summary={
        <Avatar size="sm" src={user.profile_image ?? undefined} alt="">
          {initials(user.name)}
        </Avatar>
      }
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
      <Button
        component={Link}
        to="/pages/account-settings"
        variant="plain"
        color="neutral"
        fullWidth
        startDecorator={<IconSettings aria-hidden size={18} />}
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
          startDecorator={<IconLogout aria-hidden size={18} />}
        >
          {t('user.signOut')}
        </Button>
      </form>
    </Disclosure>
  );
}
