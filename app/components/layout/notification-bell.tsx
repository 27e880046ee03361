// The top bar's way to the notifications, with how many are unread (a link: no JavaScript needed).
import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { Icon, IconButton } from '~/components/ui';

export function NotificationBell({ unread }: { unread: number | null }) {
  const { t } = useTranslation();
  const count = unread ?? 0;
  return (
    <IconButton
      component={Link}
      to="/apps/notifications"
      variant="plain"
      aria-label={count > 0 ? t('notifications.topbar', { count }) : t('notifications.topbarNone')}
      className="notification-bell"
    >
      <Icon name="bell" size={22} />
      {count > 0 && (
        <span className="notification-count" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </IconButton>
  );
}
