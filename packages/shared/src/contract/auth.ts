import { z } from 'zod';
import { MIN_PASSWORD_LENGTH, MSG } from '../constants/messages.js';
import { STAFF_ROLES } from '../rules/staff-permissions.js';
import { EMAIL_RE, requiredText } from './fields.js';

/** Bodies and answers of /auth/* and /users/* (docs/api.md). */

/** The signed-in account as the server shows it: `role` is `admin` for staff. */
export const apiUserSchema = z.object({
  id: z.number(),
  documentId: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.string(),
  /** The staff member's role (owner, sales, catalog); null or absent for accounts that are not staff. */
  staffRole: z.enum(STAFF_ROLES).nullable().optional(),
  /** Present (true) while the account signs in with the temporary password it was invited with. */
  mustChangePassword: z.literal(true).optional(),
  /** Present (true) when the account signs in with a second step (an authenticator app code). */
  twoFactorEnabled: z.literal(true).optional(),
  name: z.string(),
});
export type ApiUser = z.infer<typeof apiUserSchema>;

/** POST /auth/login and POST /auth/renew: a token for 8 hours. */
export const sessionAnswerSchema = z.object({ token: z.string(), user: apiUserSchema });
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;

/** GET /auth/check and PUT /users/profile. */
export const userAnswerSchema = z.object({ user: apiUserSchema });
export type UserAnswer = z.infer<typeof userAnswerSchema>;

/** POST /auth/logout. */
export const logoutAnswerSchema = z.object({ message: z.string() });
export type LogoutAnswer = z.infer<typeof logoutAnswerSchema>;

/** PUT /users/password: every earlier token stops working; `token` is the one for this session. */
export const passwordChangedAnswerSchema = z.object({ message: z.string(), token: z.string() });
export type PasswordChangedAnswer = z.infer<typeof passwordChangedAnswerSchema>;

// ---------- Two-factor sign-in (TOTP) ----------

const CODE_MESSAGE = 'El código debe tener 6 dígitos (o ser un código de recuperación)';
const code = z.string({ error: CODE_MESSAGE }).trim().min(6, CODE_MESSAGE).max(20, CODE_MESSAGE);

/** POST /auth/login for an account with two-factor sign-in: no token yet, a short-lived single-use challenge. */
export const twoFactorChallengeAnswerSchema = z.object({ twoFactorRequired: z.literal(true), challenge: z.string() });
/** POST /auth/login: a session, or the challenge of the second step. */
export const loginAnswerSchema = z.union([sessionAnswerSchema, twoFactorChallengeAnswerSchema]);

/** POST /auth/2fa/setup: the secret to scan (the back office draws `otpauthUrl` as a QR code). */
export const twoFactorSetupAnswerSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
/** POST /auth/2fa/enable. */
export const twoFactorEnableInputSchema = z.object({ code });
export const twoFactorEnabledAnswerSchema = z.object({ recoveryCodes: z.array(z.string()) });
/** POST /auth/2fa/disable. */
export const twoFactorDisableInputSchema = z.object({
  password: z.string({ error: 'La contraseña es requerida' }).min(1, 'La contraseña es requerida').max(200),
  code,
});
export const twoFactorDisabledAnswerSchema = z.object({ message: z.string() });
/** POST /auth/2fa/verify: the second step of the sign-in (an app code or a recovery code). */
export const twoFactorVerifyInputSchema = z.object({
  challenge: z.string({ error: 'Falta el desafío del inicio de sesión' }).min(1, 'Falta el desafío del inicio de sesión').max(200),
  code,
});

// ---------- Sign-in, profile and password (bodies and forms) ----------

const PASSWORD_TOO_LONG = 'La contraseña no puede superar 200 caracteres';

export const loginInputSchema = z.object({
  email: requiredText(200, 'El email es requerido'),
  password: z.string({ error: 'La contraseña es requerida' }).min(1, 'La contraseña es requerida').max(200, PASSWORD_TOO_LONG),
});

export const profileInputSchema = z.object({
  username: requiredText(60, MSG.profile.usernameRequired),
  email: requiredText(200, MSG.checkout.emailRequired).refine((v) => EMAIL_RE.test(v), MSG.checkout.emailInvalid),
  /** Required by the server only when the e-mail changes (the e-mail is the sign-in name). */
  currentPassword: z.string().max(200).optional(),
});

export const passwordInputSchema = z.object({
  currentPassword: z.string({ error: MSG.password.currentRequired }).min(1, MSG.password.currentRequired).max(200, PASSWORD_TOO_LONG),
  newPassword: z
    .string({ error: MSG.password.newRequired })
    .min(1, MSG.password.newRequired)
    .min(MIN_PASSWORD_LENGTH, MSG.password.tooShort)
    .max(200, PASSWORD_TOO_LONG),
});

/** The e-mail is the sign-in name: a new one (case aside) needs the current password. */
export function isEmailChange(nextEmail: string, currentEmail: string): boolean {
  return nextEmail.trim().toLowerCase() !== currentEmail.trim().toLowerCase();
}

/** The profile form of the signed-in user whose e-mail is `currentEmail`. */
export function profileFormSchema(currentEmail: string) {
  return profileInputSchema.superRefine((profile, ctx) => {
    if (isEmailChange(profile.email, currentEmail) && !profile.currentPassword) {
      ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: MSG.password.neededForEmail });
    }
  });
}

/** The password-change form: the API body plus the repeated new password. */
export const passwordFormSchema = passwordInputSchema.extend({ confirmPassword: z.string() }).superRefine((form, ctx) => {
  if (form.confirmPassword !== form.newPassword)
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: MSG.password.mismatch });
});

/** POST /auth/invitation: the token of the invitation link and the password the invited person chooses. */
export const invitationAcceptInputSchema = z.object({
  token: z.string({ error: MSG.invitation.invalid }).min(1, MSG.invitation.invalid).max(200, MSG.invitation.invalid),
  password: passwordInputSchema.shape.newPassword,
});
export const invitationAcceptedAnswerSchema = z.object({ message: z.string() });

/** The invitation page's form: the password twice. */
export const invitationFormSchema = z
  .object({ password: passwordInputSchema.shape.newPassword, confirmPassword: z.string() })
  .superRefine((form, ctx) => {
    if (form.confirmPassword !== form.password) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: MSG.password.mismatch });
  });
