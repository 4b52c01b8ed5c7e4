import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Lock } from 'lucide-react';
import { LIMITS, MIN_PASSWORD_LENGTH, passwordFormSchema } from '@shop/shared';
import type { z } from 'zod';
import { useTimedMessage } from '@/hooks/use-timed-message';
import { Banner } from '@/components/feedback';
import { SubmitButton } from '@/components/submit-button';
import { useAuth } from '@/features/auth';
import { useUpdatePassword } from './api/update-password';
import { PasswordField } from '@/components/password-field';
import { saveFailure } from './save-failure';

type PasswordValues = z.input<typeof passwordFormSchema>;
type PasswordInput = z.output<typeof passwordFormSchema>;
const EMPTY_PASSWORDS: PasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The three password inputs, in order; the new one and its confirmation ask for the minimum length. */
const PASSWORD_FIELDS = [
  { name: 'currentPassword', id: 'current-password', label: 'Contraseña actual', autoComplete: 'current-password' },
  { name: 'newPassword', id: 'new-password', label: 'Nueva contraseña', autoComplete: 'new-password', minLength: MIN_PASSWORD_LENGTH },
  {
    name: 'confirmPassword',
    id: 'confirm-password',
    label: 'Confirmar nueva contraseña',
    autoComplete: 'new-password',
    minLength: MIN_PASSWORD_LENGTH,
  },
] as const satisfies readonly { name: keyof PasswordValues; id: string; label: string; autoComplete: string; minLength?: number }[];

export function SecurityForm() {
  const { user, replaceToken, updateUser } = useAuth();
  const { register, handleSubmit, reset, formState } = useForm<PasswordValues, unknown, PasswordInput>({
    resolver: zodResolver(passwordFormSchema),
    defaultValues: EMPTY_PASSWORDS,
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { errors } = formState;
  const message = useTimedMessage();
  const mutation = useUpdatePassword();

  const submit = handleSubmit(({ currentPassword, newPassword }) => {
    message.clear();
    mutation.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: ({ token }) => {
          // Every other session of the account ended; this one continues with the token the server answered.
          if (token) replaceToken(token);
          reset(EMPTY_PASSWORDS);
          // A temporary password is gone with it: the rest of the back office opens.
          const wasTemporary = user?.mustChangePassword ?? false;
          if (user && wasTemporary) updateUser({ ...user, mustChangePassword: false });
          message.show(
            {
              kind: 'success',
              text: wasTemporary
                ? 'Contraseña actualizada exitosamente! Ya podés usar todo el panel.'
                : 'Contraseña actualizada exitosamente!',
            },
            wasTemporary ? undefined : LIMITS.bannerMs,
          );
        },
        onError: (error) => message.show(saveFailure(error, 'Error al actualizar la contraseña. Intente nuevamente.')),
      },
    );
  });

  return (
    <form className="stack" onSubmit={(event) => void submit(event)} noValidate data-testid="password-form">
      {message.message && <Banner kind={message.message.kind}>{message.message.text}</Banner>}
      {PASSWORD_FIELDS.map(({ name, ...field }) => (
        <PasswordField key={name} {...field} registration={register(name)} error={errors[name]?.message} />
      ))}
      <p className="hint">Mínimo {MIN_PASSWORD_LENGTH} caracteres.</p>
      <SubmitButton icon={Lock} label="Cambiar Contraseña" pendingLabel="Actualizando..." pending={mutation.isPending} />
    </form>
  );
}
