// Icons of the menu entries, by the name the access table gives them: drawn from the frame's sprite.
import { Icon, type IconName } from '~/components/ui';

export function MenuIcon({ name, size = 20 }: { name: IconName; size?: number }) {
  return <Icon name={name} size={size} stroke={1.6} />;
}
