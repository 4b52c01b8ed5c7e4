import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Receipt } from 'lucide-react';
import { isValidCuit, type InvoicingSettings } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { DetailCard } from '@/components/detail-card';
import {
  invoicingQueries,
  useCreateCsr,
  useSaveInvoicingSettings,
  useTestInvoicing,
  useUploadCertificate,
  type InvoicingSettingsInput,
} from './api/invoicing';
import { InvoicingCertificate } from './invoicing-certificate';
import { InvoicingSalesBook } from './invoicing-sales-book';
import { SaveFooter, QueryNote } from '@/components/feedback';

const EMPTY: InvoicingSettingsInput = {
  cuit: '',
  taxCondition: 'monotributo',
  pointOfSale: 1,
  businessName: '',
  address: '',
  activityStart: '',
  grossIncome: '',
  environment: 'homologacion',
  mode: 'auto',
};

function toInput(settings: InvoicingSettings): InvoicingSettingsInput {
  const { hasKey: _k, csr: _c, certificate: _t, ready: _r, ...rest } = settings;
  return { ...rest, pointOfSale: settings.pointOfSale ?? 1 };
}

function SettingsForm({ initial }: { initial: InvoicingSettingsInput }) {
  const [form, setForm] = useState(initial);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const save = useSaveInvoicingSettings();
  const set = <K extends keyof InvoicingSettingsInput>(key: K, value: InvoicingSettingsInput[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const cuitWrong = form.cuit.trim() !== '' && !isValidCuit(form.cuit);

  function submit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    save.mutate(form, {
      onSuccess: () => setMessage({ ok: true, text: 'Datos de facturación guardados' }),
      onError: (e) => setMessage({ ok: false, text: errorMessage(e, 'Error al guardar') }),
    });
  }

  const text = (key: 'businessName' | 'address' | 'grossIncome', label: string) => (
    <div className="field">
      <label htmlFor={`inv-${key}`}>{label}</label>
      <input id={`inv-${key}`} value={form[key]} onChange={(e) => set(key, e.target.value)} required maxLength={200} />
    </div>
  );

  return (
    <form onSubmit={submit} className="stack" aria-label="Datos fiscales">
      <div className="field">
        <label htmlFor="inv-cuit">CUIT</label>
        <input
          id="inv-cuit"
          inputMode="numeric"
          value={form.cuit}
          onChange={(e) => set('cuit', e.target.value)}
          required
          aria-invalid={cuitWrong}
          aria-describedby="inv-cuit-error"
        />
        {cuitWrong && (
          <p id="inv-cuit-error" className="field-error">
            El CUIT no es válido (revisá el dígito verificador)
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor="inv-tax">Condición frente al IVA</label>
        <select
          id="inv-tax"
          value={form.taxCondition}
          onChange={(e) => set('taxCondition', e.target.value === 'responsable_inscripto' ? 'responsable_inscripto' : 'monotributo')}
        >
          <option value="monotributo">Monotributo (Factura C)</option>
          <option value="responsable_inscripto">Responsable inscripto (Factura A y B)</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor="inv-pos">Punto de venta (web services)</label>
        <input
          id="inv-pos"
          type="number"
          min={1}
          max={99998}
          value={form.pointOfSale}
          onChange={(e) => set('pointOfSale', Number(e.target.value))}
          required
        />
      </div>
      {text('businessName', 'Razón social')}
      {text('address', 'Domicilio comercial')}
      <div className="field">
        <label htmlFor="inv-start">Inicio de actividades</label>
        <input id="inv-start" type="date" value={form.activityStart} onChange={(e) => set('activityStart', e.target.value)} required />
      </div>
      {text('grossIncome', 'Ingresos brutos')}
      <div className="field">
        <label htmlFor="inv-env">Entorno</label>
        <select
          id="inv-env"
          value={form.environment}
          onChange={(e) => set('environment', e.target.value === 'produccion' ? 'produccion' : 'homologacion')}
        >
          <option value="homologacion">Homologación (pruebas, sin validez fiscal)</option>
          <option value="produccion">Producción</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor="inv-mode">Cuándo facturar</label>
        <select id="inv-mode" value={form.mode} onChange={(e) => set('mode', e.target.value === 'manual' ? 'manual' : 'auto')}>
          <option value="auto">Automáticamente al cobrar cada orden</option>
          <option value="manual">A mano, desde cada orden</option>
        </select>
      </div>
      <SaveFooter message={message} pending={save.isPending} label="Guardar datos fiscales" />
    </form>
  );
}

/** Configuración › Facturación: fiscal data, the key's CSR for ARCA, the certificate ARCA returns, "Probar conexión". */
export function InvoicingSettingsPanel() {
  const query = useQuery(invoicingQueries.settings());
  const csr = useCreateCsr();
  const upload = useUploadCertificate();
  const test = useTestInvoicing();
  const [testMessage, setTestMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const settings = query.data?.settings;

  return (
    <DetailCard headingId="invoicing-title" title="Facturación electrónica (ARCA)" icon={Receipt} testId="invoicing-settings">
      <QueryNote query={query} loading="Cargando…" failure="Error al cargar la facturación" />
      {settings && (
        <div className="stack">
          <SettingsForm initial={settings.cuit ? toInput(settings) : { ...EMPTY, ...toInput(settings) }} />
          <InvoicingCertificate settings={settings} csr={csr} upload={upload} />
          <button
            type="button"
            className="btn btn-secondary"
            disabled={!settings.ready || test.isPending}
            onClick={() => {
              setTestMessage(null);
              test.mutate(undefined, {
                onSuccess: (answer) => setTestMessage({ ok: answer.ok, text: answer.message }),
                onError: (e) => setTestMessage({ ok: false, text: errorMessage(e, 'Error al probar la conexión') }),
              });
            }}
          >
            {test.isPending ? 'Probando…' : 'Probar conexión'}
          </button>
          {testMessage && (
            <p className={testMessage.ok ? 'hint' : 'field-error'} role="status" data-testid="invoicing-test-result">
              {testMessage.text}
            </p>
          )}
          <InvoicingSalesBook />
        </div>
      )}
    </DetailCard>
  );
}
