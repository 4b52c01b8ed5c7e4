import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ExternalLink, ShieldCheck } from 'lucide-react';
import { twoFactorEnableInputSchema } from '@shop/shared';
import type { z } from 'zod';
import { CopyButton } from '@/components/copy-button';
import { LinkedError } from '@/components/feedback';
import { SubmitOrCancel } from '@/components/submit-button';
import { submitAfresh } from '@/lib/submit-afresh';
import { useAuth } from '@/features/auth';
import { useEnableTwoFactor } from './api/enable-two-factor';
import { CodeField } from './code-field';
import { OtpauthQr } from './otpauth-qr';
import { saveFailure } from './save-failure';

type CodeValues = z.input<typeof twoFactorEnableInputSchema>;
type CodeInput = z.output<typeof twoFactorEnableInputSchema>;

/** The secret in groups of four, as authenticator apps show and ask for it. */
export function groupSecret(secret: string): string {
  return (secret.replace(/\s+/g, '').match(/.{1,4}/g) ?? []).join(' ');
}

interface TwoFactorSetupProps {
  secret: string;
  otpauthUrl: string;
  /** On: the recovery codes, to show once. */
  onEnabled: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}

/** Turning two-factor sign-in on: the key for the app (a QR code and the text), then a code of it to confirm. */
export function TwoFactorSetup({ secret, otpauthUrl, onEnabled, onCancel }: TwoFactorSetupProps) {
  const { user, updateUser } = useAuth();
  const enable = useEnableTwoFactor();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { register, handleSubmit, formState } = useForm<CodeValues, unknown, CodeInput>({
    resolver: zodResolver(twoFactorEnableInputSchema),
    defaultValues: { code: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: true,
  });
  const failure = enable.isError ? saveFailure(enable.error, 'No se pudo activar la verificación en dos pasos. Intente nuevamente.') : null;

  useEffect(() => headingRef.current?.focus(), []);

  const submit = handleSubmit(({ code }) => {
    enable.mutate(code, {
      onSuccess: (recoveryCodes) => {
        if (user) updateUser({ ...user, twoFactorEnabled: true });
        onEnabled(recoveryCodes);
      },
    });
  });

  return (
    <div className="stack two-factor-setup" data-testid="two-factor-setup">
      <h3 ref={headingRef} tabIndex={-1}>
        Activar la verificación en dos pasos
      </h3>
      <ol className="setup-steps">
        <li>
          <p>
            <strong>Escaneá o cargá la clave en tu app (Google Authenticator, Authy…).</strong> En la app elegí «Escanear un código QR» y
            apuntá al código; o elegí «Ingresar una clave de configuración», usá tu email como nombre de la cuenta y el tipo «Basada en el
            tiempo».
          </p>
          <div className="two-factor-key">
            <OtpauthQr otpauthUrl={otpauthUrl} />
            <div>
              <p className="field-label">Clave para cargar a mano</p>
              <div className="secret-row">
                <code className="secret-text" data-testid="two-factor-secret">
                  {groupSecret(secret)}
                </code>
                <CopyButton text={secret} what="la clave" />
              </div>
            </div>
          </div>
          <p className="hint">
            Si estás en el teléfono que tiene la app:{' '}
            <a href={otpauthUrl} className="with-icon">
              abrir la clave en la app de autenticación <ExternalLink size={14} aria-hidden="true" />
            </a>
            .
          </p>
        </li>
        <li>
          <form
            className="stack"
            onSubmit={submitAfresh(() => enable.reset(), submit)}
            noValidate
            aria-label="Confirmar la verificación en dos pasos"
          >
            <p>Escribí el código de 6 dígitos que muestra la app para confirmar.</p>
            <LinkedError id="two-factor-enable-error">{failure?.text}</LinkedError>
            <CodeField
              id="two-factor-enable-code"
              label="Código de la app"
              registration={register('code')}
              error={formState.errors.code?.message}
              serverErrorId={failure ? 'two-factor-enable-error' : undefined}
            />
            <SubmitOrCancel
              icon={ShieldCheck}
              label="Confirmar y activar"
              pendingLabel="Activando..."
              pending={enable.isPending}
              onCancel={onCancel}
            />
          </form>
        </li>
      </ol>
    </div>
  );
}
