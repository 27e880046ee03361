// The top bar's way to the notifications, with how many are unread: a plain link (no JavaScript needed),
// opened in the portal by the frame's handler (frame-links.tsx).
import { useTranslation } from '~/components/translation';
import { Icon, IconButton } from '~/components/ui';

export function NotificationBell({ unread }: { unread: number | null }) {
  const { t } = useTranslation();
  const count = unread ?? 0;
  return (
    <IconButton
      component="a"
      href="/apps/notifications"
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
