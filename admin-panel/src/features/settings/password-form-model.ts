import { MIN_PASSWORD_LENGTH, MSG } from '@shop/shared';

export interface PasswordForm {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export type PasswordErrors = Partial<Record<keyof PasswordForm, string>>;

/** Spec §5 "Password change": the first failing rule per field. */
export function validatePasswordForm(form: PasswordForm): PasswordErrors {
  const errors: PasswordErrors = {};
  if (!form.currentPassword) errors.currentPassword = MSG.password.currentRequired;
  if (!form.newPassword) errors.newPassword = MSG.password.newRequired;
  else if (form.newPassword.length < MIN_PASSWORD_LENGTH) errors.newPassword = MSG.password.tooShort;
  if (form.confirmPassword !== form.newPassword) errors.confirmPassword = MSG.password.mismatch;
  return errors;
}
