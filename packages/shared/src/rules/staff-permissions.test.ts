import { describe, expect, it } from 'vitest';
import { STAFF_PERMISSIONS, STAFF_ROLES, permissionNeedsTwoFactor, permissionsOf, staffCan } from './staff-permissions.js';

describe('staff permissions', () => {
  it('gives the owner everything', () => {
    expect(permissionsOf('owner')).toEqual(Object.keys(STAFF_PERMISSIONS));
  });

  it('lets sales work on orders but not export customers, refund, delete or change settings', () => {
    for (const p of ['orders.view', 'orders.manage', 'emails.manage', 'dashboard.view'] as const) expect(staffCan('sales', p)).toBe(true);
    for (const p of ['orders.export', 'orders.refund', 'orders.delete', 'settings.manage', 'staff.manage', 'products.manage'] as const) {
      expect(staffCan('sales', p), p).toBe(false);
    }
  });

  it('lets catalog edit products and content but see no orders or customers', () => {
    for (const p of ['products.manage', 'products.export', 'content.edit'] as const) expect(staffCan('catalog', p)).toBe(true);
    for (const p of ['orders.view', 'orders.export', 'emails.manage', 'settings.manage', 'staff.manage'] as const) {
      expect(staffCan('catalog', p), p).toBe(false);
    }
  });

  it('gives an unknown or missing role nothing', () => {
    for (const role of [undefined, null, '', 'admin', 'OWNER']) expect(permissionsOf(role)).toEqual([]);
    expect(STAFF_ROLES).toEqual(['owner', 'sales', 'catalog']);
  });

  it('keeps sales channels to the owner, with two-factor sign-in on', () => {
    expect(staffCan('owner', 'channels.manage')).toBe(true);
    expect(staffCan('sales', 'channels.manage')).toBe(false);
    expect(staffCan('catalog', 'channels.manage')).toBe(false);
    expect(permissionNeedsTwoFactor('channels.manage')).toBe(true);
    expect(permissionNeedsTwoFactor('orders.view')).toBe(false);
  });
});
