import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { MIN_PASSWORD_LENGTH, MSG, invitationFormSchema } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import type { z } from 'zod';
import { paths } from '@/config/paths';
import { Banner, LinkedError } from '@/components/feedback';
import { PasswordField } from '@/components/password-field';
import { SubmitButton } from '@/components/submit-button';
import { useAcceptInvitation } from './api/accept-invitation';

type FormValues = z.input<typeof invitationFormSchema>;
type FormInput = z.output<typeof invitationFormSchema>;

const FIELDS = [
  { name: 'password', id: 'invitation-password', label: 'Contraseña nueva' },
  { name: 'confirmPassword', id: 'invitation-confirm', label: 'Repetir la contraseña' },
] as const;

/** The token of the e-mailed link: in the fragment (`#<token>`), which browsers never send to a server. */
function tokenOf(hash: string): string {
  try {
    return decodeURIComponent(hash.replace(/^#/, '')).trim();
  } catch {
    return '';
  }
}

/**
 * The public page of an invitation link: the invited person chooses her password (the shop's password rules), once.
 * The server refuses a used, unknown or expired link in Spanish; the page shows its message.
 */
export function InvitationPage() {
  const { hash } = useLocation();
  // Read once: the fragment leaves the address bar as soon as it is read (it should not stay in the history).
  const [token] = useState(() => tokenOf(hash));
  const accept = useAcceptInvitation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { register, handleSubmit, formState } = useForm<FormValues, unknown, FormInput>({
    resolver: zodResolver(invitationFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
    reValidateMode: 'onSubmit',
  });

  useEffect(() => {
    headingRef.current?.focus();
    if (window.location.hash) window.history.replaceState(null, '', window.location.pathname + window.location.search);
  }, []);

  const submit = handleSubmit(({ password }) => accept.mutate({ token, password }));
  const failure = !token ? MSG.invitation.invalid : accept.isError ? errorMessage(accept.error) : null;

  return (
    <main className="login-page" data-testid="invitation-page">
      <div className="login-card stack">
        <h1 ref={headingRef} tabIndex={-1}>
          Elegí tu contraseña
        </h1>
        <p className="muted">Jazmín Lencería · Panel de Administración</p>
        {accept.isSuccess ? (
          <>
            <Banner kind="success">{accept.data.message}</Banner>
            <Link className="btn btn-primary" to={paths.login}>
              Iniciar sesión
            </Link>
          </>
        ) : (
          <form className="stack" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="invitation-form-title">
            <p id="invitation-form-title">Con esta contraseña y tu email vas a entrar al panel. El enlace sirve una sola vez.</p>
            <LinkedError id="invitation-error">{failure}</LinkedError>
            {FIELDS.map(({ name, ...field }) => (
              <PasswordField
                key={name}
                {...field}
                autoComplete="new-password"
                minLength={MIN_PASSWORD_LENGTH}
                registration={register(name)}
                error={formState.errors[name]?.message}
              />
            ))}
            <p className="hint">Mínimo {MIN_PASSWORD_LENGTH} caracteres.</p>
            <SubmitButton icon={KeyRound} label="Guardar contraseña" pendingLabel="Guardando..." pending={accept.isPending} />
          </form>
        )}
      </div>
    </main>
  );
}
