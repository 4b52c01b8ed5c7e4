import { useEffect, useRef } from 'react';
import { Ruler } from 'lucide-react';
import type { ProductFit, SizeGuide } from '@shop/shared';
import { DisclosureButton } from '@/components/disclosure-button';
import { finderColumns, SizeFinder } from './size-finder';
import type { SizeFinderStock } from './size-finder-answer';

interface SizeFinderToggleProps {
  guides: readonly SizeGuide[];
  stock: SizeFinderStock;
  open: boolean;
  setOpen: (open: boolean) => void;
  /** Grows each time another part of the page (the size guide) opens the finder: its first field takes the focus. */
  focusRequest: number;
  /** How the model fits (from the shop's exchanges): the finder moves its answer one size where it runs small or large. */
  fit?: ProductFit;
  /** The panel's id (the product page's by default; the quick view opens over a page that may hold another). */
  panelId?: string;
}

/**
 * "¿Cuál es mi talle?" under the size picker (on the product page and in the quick view), when the product's guides
 * have measurements to ask.
 */
export function SizeFinderToggle({
  guides,
  stock,
  open,
  setOpen,
  focusRequest,
  fit,
  panelId = 'product-size-finder',
}: SizeFinderToggleProps) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusRequest === 0) return;
    const first = panel.current?.querySelector('input');
    first?.focus();
    first?.scrollIntoView({ block: 'center' });
  }, [focusRequest]);
  if (finderColumns(guides).length === 0) return null;
  return (
    <div className="size-finder-toggle">
      <DisclosureButton open={open} onToggle={() => setOpen(!open)} controls={panelId}>
        <Ruler size={16} aria-hidden="true" />
        ¿Cuál es mi talle?
      </DisclosureButton>
      <div id={panelId} ref={panel} hidden={!open}>
        {open && <SizeFinder guides={guides} stock={stock} fit={fit} />}
      </div>
    </div>
  );
}
