import { Trash2, UserCheck, UserX } from 'lucide-react';
import { isStaffRole, type StaffMember, type StaffRole } from '@shop/shared';
import { DataTable } from '@/components/data-table';
import { IconButton } from '@/components/icon-button';
import { formatDateTimeAR } from '@/lib/format-date';
import { RoleOptions } from './role-options';

/** A change the owner asked for on one row, waiting for the confirmation. */
export type StaffAction =
  | { kind: 'role'; member: StaffMember; role: StaffRole }
  | { kind: 'active'; member: StaffMember; active: boolean }
  | { kind: 'delete'; member: StaffMember };

interface StaffTableProps {
  staff: StaffMember[];
  /** The signed-in person's account id (their own row says so). */
  selfId: string | null;
  /** The row being saved (its controls wait). */
  busyId: number | null;
  onAction: (action: StaffAction) => void;
}

const COLUMNS = [
  'Nombre',
  'Email',
  'Rol',
  'Estado',
  <abbr key="2fa" title="Verificación en dos pasos">
    2FA
  </abbr>,
  'Último ingreso',
  'Acciones',
];

/** The team as a table: who, their role (a select), active or not, two-factor sign-in, last sign-in and actions. */
export function StaffTable({ staff, selfId, busyId, onAction }: StaffTableProps) {
  return (
    <DataTable testId="staff-table" caption="Cuentas del equipo" columns={COLUMNS}>
      {staff.map((member) => {
        const self = String(member.id) === selfId;
        const busy = busyId === member.id;
        return (
          <tr key={member.id} data-testid={`staff-row-${member.id}`} className={member.active ? undefined : 'row-inactive'}>
            <td data-label="Nombre">
              <span className="staff-name">
                <strong>{member.name}</strong>
                {self && <span className="cell-sub">(vos)</span>}
              </span>
            </td>
            <td data-label="Email" className="cell-break">
              {member.email}
            </td>
            <td data-label="Rol">
              <select
                className="role-select"
                aria-label={`Rol de ${member.name}`}
                value={member.role}
                disabled={busy}
                onChange={(event) => {
                  const role = event.target.value;
                  if (isStaffRole(role) && role !== member.role) onAction({ kind: 'role', member, role });
                }}
              >
                <RoleOptions />
              </select>
            </td>
            <td data-label="Estado">
              <span className={`badge ${member.active ? 'staff-active' : 'staff-inactive'}`}>
                {member.active ? 'Activa' : 'Desactivada'}
              </span>
            </td>
            <td data-label="Verificación en dos pasos">
              <span className={`badge ${member.twoFactorEnabled ? 'staff-active' : 'staff-inactive'}`}>
                {member.twoFactorEnabled ? 'Sí' : 'No'}
              </span>
            </td>
            <td data-label="Último ingreso" className="nowrap">
              {formatDateTimeAR(member.lastSignInAt) || <span className="muted">Nunca</span>}
            </td>
            <td data-label="Acciones">
              <div className="row-actions staff-actions">
                <button
                  type="button"
                  className="btn btn-secondary btn-sm"
                  onClick={() => onAction({ kind: 'active', member, active: !member.active })}
                  disabled={busy}
                  aria-label={`${member.active ? 'Desactivar' : 'Activar'} la cuenta de ${member.name}`}
                >
                  {member.active ? <UserX size={14} aria-hidden="true" /> : <UserCheck size={14} aria-hidden="true" />}
                  {member.active ? 'Desactivar' : 'Activar'}
                </button>
                <IconButton
                  icon={Trash2}
                  label={`Eliminar la cuenta de ${member.name}`}
                  title="Eliminar"
                  danger
                  disabled={busy}
                  onClick={() => onAction({ kind: 'delete', member })}
                />
              </div>
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
