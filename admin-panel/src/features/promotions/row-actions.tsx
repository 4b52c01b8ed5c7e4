import type { ReactNode } from 'react';

interface RowButtonProps {
  /** The row's name, read after the button's word: 'Eliminar INSTA10'. */
  name: string;
  onClick: () => void;
  disabled?: boolean;
  danger?: boolean;
  children: ReactNode;
}

function RowButton({ name, onClick, disabled, danger = false, children }: RowButtonProps) {
  return (
    <button type="button" className={danger ? 'btn btn-danger btn-sm' : 'btn btn-secondary btn-sm'} onClick={onClick} disabled={disabled}>
      {children} <span className="visually-hidden">{name}</span>
    </button>
  );
}

interface RowActionsProps {
  name: string;
  active: boolean;
  /** The word for turning an active row off ('Desactivar', 'Pausar'); an inactive one reads 'Activar'. */
  stop: string;
  /** A change of a row is being saved: on/off waits. */
  saving: boolean;
  onEdit?: () => void;
  onToggle: () => void;
  onDelete: () => void;
}

/** The 'Acciones' cell of a coupon or a promotion: 'Editar' (coupons), on/off, 'Eliminar'. */
export function RowActions({ name, active, stop, saving, onEdit, onToggle, onDelete }: RowActionsProps) {
  return (
    <td data-label="Acciones" className="promo-actions">
      {onEdit && (
        <RowButton name={name} onClick={onEdit}>
          Editar
        </RowButton>
      )}
      <RowButton name={name} onClick={onToggle} disabled={saving}>
        {active ? stop : 'Activar'}
      </RowButton>
      <RowButton name={name} onClick={onDelete} danger>
        Eliminar
      </RowButton>
    </td>
  );
}
