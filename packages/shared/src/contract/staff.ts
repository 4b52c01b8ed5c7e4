import { z } from 'zod';
import { STAFF_ROLES } from '../rules/staff-permissions.js';
import { EMAIL_RE } from './fields.js';

const ROLE_MESSAGE = 'El rol debe ser owner (dueña/o), sales (ventas) o catalog (catálogo)';
const NAME_MESSAGE = 'El nombre es obligatorio (hasta 100 caracteres)';

const staffName = z.string({ error: NAME_MESSAGE }).trim().min(1, NAME_MESSAGE).max(100, NAME_MESSAGE);
const staffRole = z.enum(STAFF_ROLES, { error: ROLE_MESSAGE });

/** POST /staff: a new staff account (owner only). */
export const staffCreateSchema = z.object({
  name: staffName,
  email: z
    .string({ error: 'El email es obligatorio' })
    .trim()
    .toLowerCase()
    .max(200, 'El email puede tener hasta 200 caracteres')
    .refine((v) => EMAIL_RE.test(v), 'El email no es válido'),
  role: staffRole,
});
export type StaffCreate = z.infer<typeof staffCreateSchema>;

/** PUT /staff/{id}: any of name, role and active (owner only). */
export const staffUpdateSchema = z
  .object({
    name: staffName.optional(),
    role: staffRole.optional(),
    active: z.boolean({ error: 'active debe ser true o false' }).optional(),
  })
  .refine((v) => v.name !== undefined || v.role !== undefined || v.active !== undefined, 'No hay datos para actualizar');
export type StaffUpdate = z.infer<typeof staffUpdateSchema>;

/** One staff account as the team screen shows it. */
export const staffMemberSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  role: staffRole,
  active: z.boolean(),
  twoFactorEnabled: z.boolean(),
  lastSignInAt: z.string().nullable(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffListAnswerSchema = z.object({ staff: z.array(staffMemberSchema) });
export const staffAnswerSchema = z.object({ staff: staffMemberSchema });
/**
 * POST /staff: with a mail server the invitation e-mail carries a one-time link to choose a password
 * (`invitationSent`); without one, a temporary password is shown once (changed at the first sign-in).
 */
export const staffCreatedAnswerSchema = z.union([
  z.object({ staff: staffMemberSchema, invitationSent: z.literal(true) }),
  z.object({ staff: staffMemberSchema, invitationSent: z.literal(false), temporaryPassword: z.string() }),
]);
export type StaffCreated = z.infer<typeof staffCreatedAnswerSchema>;
export const staffDeletedAnswerSchema = z.object({ message: z.string() });

/** Every route but the password change answers this to an account that still has its temporary password. */
export const TEMPORARY_PASSWORD_MESSAGE = 'Tenés que cambiar la contraseña temporal';
/** Every staff route but the two-factor setup answers this while the owner requires it and the account lacks it. */
export const TWO_FACTOR_REQUIRED_MESSAGE = 'La tienda pide verificación en dos pasos: activala en «Config» para seguir';
