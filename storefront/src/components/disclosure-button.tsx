import type { ReactNode } from 'react';

interface DisclosureButtonProps {
  open: boolean;
  onToggle: () => void;
  /** Id of the region the button shows and hides. */
  controls: string;
  children: ReactNode;
}

/** A small ghost button that shows or hides a region (size filter, size guide). */
export function DisclosureButton({ open, onToggle, controls, children }: DisclosureButtonProps) {
  return (
    <button type="button" className="btn btn--ghost btn--sm" aria-expanded={open} aria-controls={controls} onClick={onToggle}>
      {children}
    </button>
  );
}
