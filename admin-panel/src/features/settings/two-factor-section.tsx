import { useRef, useState } from 'react';
import { ShieldCheck } from 'lucide-react';
import type { z } from 'zod';
import type { twoFactorSetupAnswerSchema } from '@shop/shared';
import { Banner } from '@/components/feedback';
import { useAuth } from '@/features/auth';
import { useSetupTwoFactor } from './api/setup-two-factor';
import { RecoveryCodes } from './recovery-codes';
import { saveFailure } from './save-failure';
import { TwoFactorDisable } from './two-factor-disable';
import { TwoFactorSetup } from './two-factor-setup';

type PendingSetup = z.output<typeof twoFactorSetupAnswerSchema>;

/**
 * 'Verificación en dos pasos' of the settings: off -> 'Activar' (the key for the app, a code to confirm, then the
 * recovery codes once); on -> 'Desactivar' (password and a code).
 */
export function TwoFactorSection() {
  const { user } = useAuth();
  const setup = useSetupTwoFactor();
  const [pending, setPending] = useState<PendingSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [disabling, setDisabling] = useState(false);
  const mainButton = useRef<HTMLButtonElement>(null);
  const enabled = user?.twoFactorEnabled ?? false;
  const failure = setup.isError ? saveFailure(setup.error, 'No se pudo preparar la verificación en dos pasos. Intente nuevamente.') : null;

  // Back to the section's own button (after 'Cancelar' or 'Ya los guardé'), once it is rendered again.
  const backToButton = () => setTimeout(() => mainButton.current?.focus(), 0);

  function body() {
    if (recoveryCodes) {
      return (
        <RecoveryCodes
          codes={recoveryCodes}
          onDone={() => {
            setRecoveryCodes(null);
            backToButton();
          }}
        />
      );
    }
    if (pending) {
      return (
        <TwoFactorSetup
          {...pending}
          onEnabled={(codes) => {
            setPending(null);
            setRecoveryCodes(codes);
          }}
          onCancel={() => {
            setPending(null);
            backToButton();
          }}
        />
      );
    }
    if (enabled) {
      if (disabling) {
        return (
          <TwoFactorDisable
            onCancel={() => {
              setDisabling(false);
              backToButton();
            }}
          />
        );
      }
      return (
        <div className="stack">
          <p>Al iniciar sesión, además de la contraseña te pedimos el código de 6 dígitos de tu app de autenticación.</p>
          <div>
            <button ref={mainButton} type="button" className="btn btn-secondary" onClick={() => setDisabling(true)}>
              Desactivar
            </button>
          </div>
        </div>
      );
    }
    return (
      <div className="stack">
        <p>
          Con la verificación en dos pasos, entrar al panel pide también un código de 6 dígitos de una app en tu teléfono (Google
          Authenticator, Authy…): tu contraseña sola ya no alcanza.
        </p>
        {failure && <Banner kind="error">{failure.text}</Banner>}
        <div>
          <button
            ref={mainButton}
            type="button"
            className="btn btn-primary"
            disabled={setup.isPending}
            onClick={() => setup.mutate(undefined, { onSuccess: setPending })}
          >
            <ShieldCheck size={16} aria-hidden="true" /> {setup.isPending ? 'Preparando...' : 'Activar'}
          </button>
        </div>
      </div>
    );
  }

  return (
    <section className="card two-factor" aria-labelledby="two-factor-title" data-testid="two-factor-section">
      <div className="card-header">
        <h2 id="two-factor-title" className="with-icon">
          <ShieldCheck size={18} aria-hidden="true" /> Verificación en dos pasos
        </h2>
        <span className={`badge ${enabled ? 'staff-active' : 'staff-inactive'}`} data-testid="two-factor-state">
          {enabled ? 'Activa' : 'Desactivada'}
        </span>
      </div>
      {body()}
    </section>
  );
}
