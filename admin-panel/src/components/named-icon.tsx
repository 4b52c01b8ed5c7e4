import { iconOrFallback, type IconName } from '@shop/shared';
import { ICON_COMPONENTS } from '@shop/icons';

interface NamedIconProps {
  name: string;
  fallback?: IconName;
  size?: number;
}

/** Renders one icon of the content catalogue; unknown names use the fallback (Info by default). */
export function NamedIcon({ name, fallback = 'Info', size = 18 }: NamedIconProps) {
  const Icon = ICON_COMPONENTS[iconOrFallback(name, fallback)];
  return <Icon size={size} aria-hidden="true" />;
}
