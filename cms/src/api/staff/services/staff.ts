import { randomBytes } from 'node:crypto';
import {
  STAFF_ROLE_LABELS,
  isStaffRole,
  type StaffCreate,
  type StaffCreated,
  type StaffMember,
  type StaffRole,
  type StaffUpdate,
} from '@shop/shared';
import { ADMIN_ROLE_TYPE, USER_UID, endSessions } from '../../../domains/staff/auth';
import { newInvitation } from '../../../domains/staff/invitation';
import { conflict, notFound } from '../../../utils/http';
import { storedFlag, writeTransaction } from '../../../utils/db-write';

const ROLE_UID = 'plugin::users-permissions.role';
const NOT_FOUND = 'Cuenta del equipo no encontrada';
const LAST_OWNER = 'La tienda necesita al menos una dueña o dueño activo: nombrá a otra persona antes';

interface StaffRow {
  id: number;
  username: string | null;
  email: string;
  fullName?: string | null;
  staffRole?: string | null;
  blocked?: boolean | number | null;
  lastSignInAt?: string | Date | null;
  twoFactorEnabled?: boolean | number | null;
  role?: { type?: string | null } | null;
}

const STAFF_FIELDS = ['id', 'username', 'email', 'fullName', 'staffRole', 'blocked', 'lastSignInAt', 'twoFactorEnabled'];

const isActive = (row: StaffRow) => !storedFlag(row.blocked);

function toMember(row: StaffRow): StaffMember {
  const role: StaffRole = isStaffRole(row.staffRole) ? row.staffRole : 'owner';
  const at = row.lastSignInAt ? new Date(row.lastSignInAt) : null;
  return {
    id: row.id,
    name: row.fullName?.trim() || row.username || row.email,
    email: row.email,
    role,
    active: isActive(row),
    twoFactorEnabled: storedFlag(row.twoFactorEnabled),
    lastSignInAt: at && !Number.isNaN(at.getTime()) ? at.toISOString() : null,
  };
}

async function adminRoleId(): Promise<number> {
  const role: { id: number } | null = await strapi.db.query(ROLE_UID).findOne({ where: { type: ADMIN_ROLE_TYPE }, select: ['id'] });
  if (!role) throw new Error('the staff role is missing');
  return role.id;
}

async function staffRows(): Promise<StaffRow[]> {
  return strapi.db.query(USER_UID).findMany({
    where: { role: { type: ADMIN_ROLE_TYPE } },
    select: STAFF_FIELDS,
    orderBy: [{ id: 'asc' }],
  });
}

async function findStaff(id: number): Promise<StaffRow> {
  const row: StaffRow | null = await strapi.db.query(USER_UID).findOne({
    where: { id, role: { type: ADMIN_ROLE_TYPE } },
    select: STAFF_FIELDS,
  });
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** 16 random characters with a letter and a digit, whatever the bytes (the password rules ask for 8 or more). */
function temporaryPassword(): string {
  return `${randomBytes(12).toString('base64url')}-a1`;
}

const EMAIL_TAKEN = 'Ya existe una cuenta con ese email';

/** Refuses a change that would leave the shop without an active owner (inside the transaction that makes it). */
async function keepAnOwner(without: number): Promise<void> {
  const others = (await staffRows()).filter((r) => r.id !== without && isActive(r) && (r.staffRole ?? 'owner') === 'owner');
  if (others.length === 0) throw conflict(LAST_OWNER);
}

/** The shop's staff accounts (plain-object service: accounts belong to users-permissions). */
export default {
  async list(): Promise<StaffMember[]> {
    return (await staffRows()).map(toMember);
  },

  /**
   * A new account with a random password. With a mail server the person gets an e-mail with a one-time link to
   * choose her own (the random password is never shown); without one the random password is answered once, as a
   * temporary password her first sign-in must change.
   */
  async invite(input: StaffCreate, origin: string | null): Promise<StaffCreated> {
    const taken = async () =>
      (await strapi.db.query(USER_UID).count({ where: { $or: [{ email: input.email }, { username: input.email }] } })) > 0;
    if (await taken()) throw conflict(EMAIL_TAKEN);
    const password = temporaryPassword();
    let created: { id: number };
    try {
      created = await strapi
        .plugin('users-permissions')
        .service('user')
        .add({
          username: input.email,
          email: input.email,
          password,
          provider: 'local',
          confirmed: true,
          blocked: false,
          role: await adminRoleId(),
          fullName: input.name,
          staffRole: input.role,
          mustChangePassword: true,
        });
    } catch (error) {
      // Two invitations of one e-mail at once: the one that lost the race (the unique index on up_users.email, see
      // database/migrations) is a 409 too.
      if (await taken()) throw conflict(EMAIL_TAKEN);
      throw error;
    }
    const staff = toMember(await findStaff(created.id));
    const outbox = strapi.service('api::email-outbox.email-outbox');
    if (!outbox.mailConfigured()) return { staff, invitationSent: false, temporaryPassword: password };
    const token = await newInvitation(created.id);
    await outbox.staffInvitation({ to: staff.email, name: staff.name, roleLabel: STAFF_ROLE_LABELS[staff.role], token }, origin);
    return { staff, invitationSent: true };
  },

  /** Name, role or active; deactivating (or demoting) ends the person's sessions at once. */
  async change(id: number, input: StaffUpdate): Promise<StaffMember> {
    return writeTransaction(async () => {
      const row = await findStaff(id);
      const wasOwner = isActive(row) && (row.staffRole ?? 'owner') === 'owner';
      const stopsOwning = (input.role !== undefined && input.role !== 'owner') || input.active === false;
      if (wasOwner && stopsOwning) await keepAnOwner(id);
      const data: Record<string, unknown> = {};
      if (input.name !== undefined) data.fullName = input.name;
      if (input.role !== undefined) data.staffRole = input.role;
      if (input.active !== undefined) data.blocked = !input.active;
      await strapi.db.query(USER_UID).update({ where: { id }, data });
      const lessAccess = input.active === false || (input.role !== undefined && input.role !== row.staffRole);
      if (lessAccess) await endSessions(id);
      return toMember(await findStaff(id));
    });
  },

  /** Deletes the account (its tokens stop working with it); never the last active owner. */
  async remove(id: number): Promise<string> {
    return writeTransaction(async () => {
      const row = await findStaff(id);
      if (isActive(row) && (row.staffRole ?? 'owner') === 'owner') await keepAnOwner(id);
      await strapi.db.query(USER_UID).delete({ where: { id } });
      return toMember(row).name;
    });
  },
};
