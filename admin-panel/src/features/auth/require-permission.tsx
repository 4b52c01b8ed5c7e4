import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import type { StaffPermission } from '@shop/shared';
import { ForbiddenPage } from './forbidden-page';
import { usePermission } from './permissions';

interface RequirePermissionProps {
  /** What the screen needs (docs/security.md §16). */
  permission: StaffPermission;
  /** The screen; without it, the nested routes (`<Outlet />`). */
  children?: ReactNode;
}

/** Guard of one screen: its content when the person's role allows it, else a page saying it does not. */
export function RequirePermission({ permission, children }: RequirePermissionProps) {
  const allowed = usePermission(permission);
  if (!allowed) return <ForbiddenPage />;
  return children === undefined ? <Outlet /> : <>{children}</>;
}
