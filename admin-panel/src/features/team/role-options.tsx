import { STAFF_ROLES, STAFF_ROLE_LABELS } from '@shop/shared';

/** One <option> per staff role, with its Spanish label. */
export function RoleOptions() {
  return STAFF_ROLES.map((role) => (
    <option key={role} value={role}>
      {STAFF_ROLE_LABELS[role]}
    </option>
  ));
}
