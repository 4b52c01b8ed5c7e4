import type { LucideIcon } from 'lucide-react';

interface IconButtonProps {
  icon: LucideIcon;
  /** The accessible name (the button shows only the icon). */
  label: string;
  onClick: () => void;
  title?: string;
  danger?: boolean;
  disabled?: boolean;
  size?: number;
}

/** A square button that shows only an icon: row actions in tables and list editors. */
export function IconButton({ icon: Icon, label, onClick, title, danger = false, disabled, size = 18 }: IconButtonProps) {
  return (
    <button
      type="button"
      className={danger ? 'icon-button danger' : 'icon-button'}
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      title={title}
    >
      <Icon size={size} aria-hidden="true" />
    </button>
  );
}
