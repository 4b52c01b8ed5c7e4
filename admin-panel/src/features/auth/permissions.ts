import { useCallback } from 'react';
import { staffCan, type StaffPermission } from '@shop/shared';
import type { SessionUser } from './admin-user';
import { useAuth } from './auth-context';

/** Whether the signed-in person's role has the permission (the server's own table, `staffCan`). */
export function can(user: SessionUser | null, permission: StaffPermission): boolean {
  return user !== null && staffCan(user.staffRole, permission);
}

/** Whether the signed-in person may use this part of the back office. */
export function usePermission(permission: StaffPermission): boolean {
  return can(useAuth().user, permission);
}

/** `can()` bound to the signed-in person, for lists of things to show or hide (the sidebar). */
export function useCan(): (permission: StaffPermission) => boolean {
  const { user } = useAuth();
  return useCallback((permission: StaffPermission) => can(user, permission), [user]);
}
