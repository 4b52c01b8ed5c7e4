import { useEffect, useState } from 'react';
import { iconOrFallback, type IconName } from '@shop/shared';
import type { LucideIcon } from 'lucide-react';
import { useNearViewport } from '@/lib/when-idle';

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

/**
 * Icons chosen in the content editor, from a chunk loaded when one of them comes near the screen (it keeps the entry
 * small and the first screen's requests first); until then a placeholder of the same size holds the place.
 */
export function ContentIcon({ name, fallback = 'Info', size = 22, className }: ContentIconProps) {
  const [icons, setIcons] = useState<IconMap | null>(loaded);
  // The icons sit in the footer and lower sections: their chunk is asked for when one comes near the screen.
  const [place, near] = useNearViewport<HTMLSpanElement>();
  useEffect(() => {
    if (icons || !near) return;
    let active = true;
    loadIcons()
      .then((map) => {
        if (active) setIcons(map);
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [icons, near]);
  const iconName = iconOrFallback(name, fallback);
  if (!icons) {
    return <span ref={place} className={`icon-placeholder ${className ?? ''}`} style={{ width: size, height: size }} aria-hidden="true" />;
  }
  const Icon = icons[iconName];
  return <Icon size={size} className={className} aria-hidden="true" focusable="false" />;
}
