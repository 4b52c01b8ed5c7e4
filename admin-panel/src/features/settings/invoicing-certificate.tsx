import { useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import type { InvoicingSettings } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';

interface Props {
  settings: InvoicingSettings;
  csr: UseMutationResult<{ csr: string }, Error, void>;
  upload: UseMutationResult<{ certificate: { subject: string; notAfter: string } }, Error, string>;
}

const day = (iso: string) => new Date(iso).toLocaleDateString('es-AR');

/** The key's CSR to paste into ARCA, and the certificate ARCA returns (pasted or chosen as a .crt/.pem file). */
export function InvoicingCertificate({ settings, csr, upload }: Props) {
  const [certificate, setCertificate] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const shownCsr = csr.data?.csr ?? settings.csr;

  return (
    <section aria-labelledby="invoicing-cert-title" className="stack">
      <h3 id="invoicing-cert-title">Certificado de ARCA</h3>
      {settings.certificate ? (
        <p data-testid="invoicing-certificate">
          Certificado cargado: {settings.certificate.subject}. Vence el {day(settings.certificate.notAfter)}.
          {settings.certificate.expiresSoon && <strong> Vence en menos de 30 días: pedí uno nuevo.</strong>}
        </p>
      ) : (
        <p className="muted">Sin certificado todavía. Generá el pedido, pegalo en ARCA y subí el certificado que te devuelve.</p>
      )}
      <button
        type="button"
        className="btn btn-secondary"
        disabled={csr.isPending || !settings.cuit}
        onClick={() =>
          csr.mutate(undefined, { onError: (e) => setMessage({ ok: false, text: errorMessage(e, 'Error al generar el pedido') }) })
        }
      >
        {csr.isPending ? 'Generando…' : settings.hasKey ? 'Generar un pedido nuevo (CSR)' : 'Generar pedido de certificado (CSR)'}
      </button>
      {shownCsr && (
        <div className="field">
          <label htmlFor="inv-csr">Pedido de certificado (pegalo en ARCA)</label>
          <textarea id="inv-csr" readOnly rows={6} value={shownCsr} onFocus={(e) => e.currentTarget.select()} />
        </div>
      )}
      <div className="field">
        <label htmlFor="inv-cert">Certificado que entregó ARCA (.crt o .pem)</label>
        <textarea
          id="inv-cert"
          rows={5}
          value={certificate}
          onChange={(e) => setCertificate(e.target.value)}
          placeholder="-----BEGIN CERTIFICATE-----"
        />
        <input
          type="file"
          accept=".crt,.pem,.cer"
          aria-label="Elegir el archivo del certificado"
          onChange={(e) => void e.target.files?.[0]?.text().then(setCertificate)}
        />
      </div>
      {message && (
        <p className={message.ok ? 'hint' : 'field-error'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </p>
      )}
      <button
        type="button"
        className="btn btn-primary"
        disabled={upload.isPending || certificate.trim() === ''}
        onClick={() => {
          setMessage(null);
          upload.mutate(certificate, {
            onSuccess: (answer) => {
              setCertificate('');
              setMessage({ ok: true, text: `Certificado cargado: vence el ${day(answer.certificate.notAfter)}` });
            },
            onError: (e) => setMessage({ ok: false, text: errorMessage(e, 'Error al subir el certificado') }),
          });
        }}
      >
        {upload.isPending ? 'Subiendo…' : 'Subir certificado'}
      </button>
    </section>
  );
}
