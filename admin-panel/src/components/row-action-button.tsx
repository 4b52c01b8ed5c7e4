import type { LucideIcon } from 'lucide-react';

interface RowActionButtonProps {
  icon: LucideIcon;
  /** What it does: 'Reenviar'. */
  children: string;
  /** Its name for screen readers, saying what it acts on: 'Eliminar el aviso de …'. */
  label: string;
  onClick: () => void;
  disabled?: boolean;
}

/** A row's action in a table: a small button with its icon and its word. */
export function RowActionButton({ icon: Icon, children, label, onClick, disabled }: RowActionButtonProps) {
  return (
    <button type="button" className="btn btn-secondary btn-sm" onClick={onClick} disabled={disabled} aria-label={label}>
      <Icon size={14} aria-hidden="true" /> {children}
    </button>
  );
}
