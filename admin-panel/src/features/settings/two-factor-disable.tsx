import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ShieldOff } from 'lucide-react';
import { twoFactorDisableInputSchema } from '@shop/shared';
import type { z } from 'zod';
import { Banner } from '@/components/feedback';
import { useAuth } from '@/features/auth';
import { useDisableTwoFactor } from './api/disable-two-factor';
import { CodeField } from './code-field';
import { PasswordField } from './password-field';
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
      onSubmit={(event) => {
        disable.reset();
        void submit(event);
      }}
      noValidate
      aria-label="Desactivar la verificación en dos pasos"
      aria-describedby="two-factor-disable-note"
      data-testid="two-factor-disable"
    >
      <p id="two-factor-disable-note">
        Para desactivarla confirmá tu contraseña y un código de la app. Al desactivarla se cierran todas tus sesiones, también esta: vas a
        tener que volver a entrar.
      </p>
      {failure && (
        <div id="two-factor-disable-error">
          <Banner kind="error">{failure.text}</Banner>
        </div>
      )}
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
      <div className="button-row">
        <button type="submit" className="btn btn-danger" disabled={disable.isPending}>
          <ShieldOff size={16} aria-hidden="true" /> {disable.isPending ? 'Desactivando...' : 'Desactivar verificación'}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={disable.isPending}>
          Cancelar
        </button>
      </div>
    </form>
  );
}
