import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ShieldOff } from 'lucide-react';
import { twoFactorDisableInputSchema } from '@shop/shared';
import type { z } from 'zod';
import { LinkedError } from '@/components/feedback';
import { SubmitOrCancel } from '@/components/submit-button';
import { submitAfresh } from '@/lib/submit-afresh';
import { useAuth } from '@/features/auth';
import { useDisableTwoFactor } from './api/disable-two-factor';
import { CodeField } from './code-field';
import { PasswordField } from '@/components/password-field';
import { saveFailure } from './save-failure';

type DisableValues = z.input<typeof twoFactorDisableInputSchema>;
type DisableInput = z.output<typeof twoFactorDisableInputSchema>;

/** What the login says once two-factor sign-in is off (the server ended every session, this one too). */
export const TWO_FACTOR_OFF_NOTICE =
  'Verificación en dos pasos desactivada. Por seguridad se cerraron tus sesiones: iniciá sesión de nuevo.';

/** Turning two-factor sign-in off: the password and a current code (a stolen session alone cannot). */
export function TwoFactorDisable({ onCancel }: { onCancel: () => void }) {
  const { logout } = useAuth();
  const disable = useDisableTwoFactor();
  const { register, handleSubmit, formState, setFocus } = useForm<DisableValues, unknown, DisableInput>({
    resolver: zodResolver(twoFactorDisableInputSchema),
    defaultValues: { password: '', code: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: true,
  });
  const failure = disable.isError
    ? saveFailure(disable.error, 'No se pudo desactivar la verificación en dos pasos. Intente nuevamente.')
    : null;

  useEffect(() => {
    setFocus('password');
  }, [setFocus]);

  const submit = handleSubmit((input) => {
    disable.mutate(input, { onSuccess: () => logout(TWO_FACTOR_OFF_NOTICE) });
  });

  return (
    <form
      className="stack two-factor-disable"
      onSubmit={submitAfresh(() => disable.reset(), submit)}
      noValidate
      aria-label="Desactivar la verificación en dos pasos"
      aria-describedby="two-factor-disable-note"
      data-testid="two-factor-disable"
    >
      <p id="two-factor-disable-note">
        Para desactivarla confirmá tu contraseña y un código de la app. Al desactivarla se cierran todas tus sesiones, también esta: vas a
        tener que volver a entrar.
      </p>
      <LinkedError id="two-factor-disable-error">{failure?.text}</LinkedError>
      <PasswordField
        id="two-factor-password"
        label="Contraseña actual"
        registration={register('password')}
        autoComplete="current-password"
        error={formState.errors.password?.message}
      />
      <CodeField
        id="two-factor-disable-code"
        label="Código de verificación"
        registration={register('code')}
        error={formState.errors.code?.message}
        hint="El código de 6 dígitos de la app, o uno de tus códigos de recuperación."
        serverErrorId={failure ? 'two-factor-disable-error' : undefined}
      />
      <SubmitOrCancel
        danger
        icon={ShieldOff}
        label="Desactivar verificación"
        pendingLabel="Desactivando..."
        pending={disable.isPending}
        onCancel={onCancel}
      />
    </form>
  );
}
