import type { Dispatch, ReactNode, SetStateAction } from 'react';

interface DisclosureButtonProps {
  open: boolean;
  setOpen: Dispatch<SetStateAction<boolean>>;
  /** The id of the element it shows and hides. */
  controls: string;
  className: string;
  /** The accessible name, for a button whose content is only an icon. */
  label?: string;
  children: ReactNode;
}

/** A button that opens and closes another element, saying so with aria-expanded / aria-controls. */
export function DisclosureButton({ open, setOpen, controls, className, label, children }: DisclosureButtonProps) {
  return (
    <button
      type="button"
      className={className}
      onClick={() => setOpen((v) => !v)}
      aria-expanded={open}
      aria-controls={controls}
      aria-label={label}
    >
      {children}
    </button>
  );
}
