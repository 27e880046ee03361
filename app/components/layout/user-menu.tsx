// The top bar's account menu: who is signed in, and signing out (a form: works without JavaScript).
import Avatar from '@mui/joy/Avatar';
import Divider from '@mui/joy/Divider';
import Typography from '@mui/joy/Typography';
import { Link } from '@remix-run/react';
import { IconLogout, IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Button } from '~/components/button';
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
      <Typography level="title-md">{user.name}</Typography>
      <Typography level="body-sm" sx={{ overflowWrap: 'anywhere' }}>
        <Ltr>{user.email}</Ltr>
      </Typography>
      <Typography level="body-xs" textColor="text.tertiary" sx={{ mt: 0.5 }}>
        {t(`user.roles.${user.role}`, { defaultValue: user.role })}
      </Typography>
      <Divider sx={{ my: 1.5 }} />
      <Button
        component={Link}
        to="/pages/account-settings"
        variant="plain"
        color="neutral"
        fullWidth
        startDecorator={<IconSettings aria-hidden size={18} />}
        sx={{ justifyContent: 'flex-start', mb: 1 }}
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
