import { useEffect, useState } from 'react';
import { iconOrFallback, type IconName } from '@shop/shared';
import type { LucideIcon } from 'lucide-react';

type IconMap = Record<IconName, LucideIcon>;

let loaded: IconMap | null = null;
let loading: Promise<IconMap> | null = null;

function loadIcons(): Promise<IconMap> {
  loading ??= import('@shop/icons').then((m) => {
    loaded = m.ICON_COMPONENTS;
    return m.ICON_COMPONENTS;
  });
  return loading;
}

interface ContentIconProps {
  /** An icon name from site content; unknown names fall back (Info, or Globe for social media). */
  name: string;
  fallback?: IconName;
  size?: number;
  className?: string;
}

/** Icons chosen in the content editor, from a lazily loaded chunk that keeps the home route small. */
export function ContentIcon({ name, fallback = 'Info', size = 22, className }: ContentIconProps) {
  const [icons, setIcons] = useState<IconMap | null>(loaded);
  useEffect(() => {
    if (icons) return;
    let active = true;
    loadIcons()
      .then((map) => {
        if (active) setIcons(map);
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [icons]);
  const iconName = iconOrFallback(name, fallback);
  if (!icons) {
    return <span className={`icon-placeholder ${className ?? ''}`} style={{ width: size, height: size }} aria-hidden="true" />;
  }
  const Icon = icons[iconName];
  return <Icon size={size} className={className} aria-hidden="true" focusable="false" />;
}
