import { useEffect, useRef } from 'react';
import { CopyButton } from '@/components/copy-button';
import { Banner } from '@/components/feedback';

/** The recovery codes right after turning two-factor sign-in on: shown this once, with 'Copiar'. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="stack" data-testid="recovery-codes">
      <h3 ref={headingRef} tabIndex={-1}>
        Tus códigos de recuperación
      </h3>
      <Banner kind="success">Verificación en dos pasos activada.</Banner>
      <Banner kind="warning">
        Guardalos ahora en un lugar seguro (fuera de este teléfono): no se vuelven a mostrar. Cada código sirve una sola vez para entrar si
        no tenés la app a mano.
      </Banner>
      <ol className="recovery-codes" aria-label="Códigos de recuperación">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="button-row">
        <CopyButton text={codes.join('\n')} what="los códigos de recuperación" />
        <button type="button" className="btn btn-primary" onClick={onDone}>
          Ya los guardé
        </button>
      </div>
    </div>
  );
}
