import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Truck } from 'lucide-react';
import { CARRIER_LABELS, type CarrierId, type ShippingSettingsAnswer, type ShippingSettingsInput } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { InputField } from '@/components/form-field';
import { DetailCard } from '@/components/detail-card';
import { SaveFooter, QueryNote } from '@/components/feedback';
import { shippingQueries, useSaveShippingSettings } from './api/shipping';
import { ParcelDefaults, parcelOfText, parcelText, type ParcelText } from './shipping-parcels';
import { ReturnAddressFields, returnAddressOf, returnAddressText, type ReturnAddressText } from './shipping-return-address';

/** The credentials each carrier asks for (the optional ones may stay empty). */
const CREDENTIAL_FIELDS: Record<CarrierId, { key: string; label: string; optional?: boolean; secret?: boolean }[]> = {
  'correo-argentino': [
    { key: 'customerId', label: 'Número de cliente (MiCorreo)' },
    { key: 'user', label: 'Usuario' },
    { key: 'password', label: 'Contraseña', secret: true },
  ],
  andreani: [
    { key: 'contract', label: 'Contrato (envíos a domicilio)' },
    { key: 'branchContract', label: 'Contrato (envíos a sucursal)', optional: true },
    { key: 'user', label: 'Usuario', secret: false },
    { key: 'password', label: 'Contraseña', secret: true },
  ],
};
const CARRIERS = Object.keys(CREDENTIAL_FIELDS) as CarrierId[];

interface CarrierForm {
  enabled: boolean;
  handlingFee: string;
  handlingPercent: string;
  credentials: Record<string, string>;
}

interface Form {
  carriers: Record<CarrierId, CarrierForm>;
  originPostalCode: string;
  flatRate: string;
  freeShippingFrom: string;
  defaultParcel: ParcelText;
  categoryParcels: Record<string, ParcelText>;
  returnAddress: ReturnAddressText;
}

function formOf(settings: ShippingSettingsAnswer): Form {
  const carriers = {} as Record<CarrierId, CarrierForm>;
  for (const id of CARRIERS) {
    const c = settings.carriers[id];
    carriers[id] = { enabled: c.enabled, handlingFee: String(c.handlingFee), handlingPercent: String(c.handlingPercent), credentials: {} };
  }
  return {
    carriers,
    originPostalCode: settings.originPostalCode,
    flatRate: settings.flatRate === null ? '' : String(settings.flatRate),
    freeShippingFrom: settings.freeShippingFrom === null ? '' : String(settings.freeShippingFrom),
    defaultParcel: parcelText(settings.defaultParcel),
    categoryParcels: Object.fromEntries(Object.entries(settings.categoryParcels).map(([name, parcel]) => [name, parcelText(parcel)])),
    returnAddress: returnAddressText(settings.returnAddress),
  };
}

const amountOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

/** The body of PUT /shipping/settings, or the Spanish reason it cannot be sent (credentials half filled). */
function inputOf(form: Form): ShippingSettingsInput | string {
  // Each carrier's credentials have their own fields; the server checks every one (a Spanish 400 otherwise).
  const carriers: Record<string, Record<string, unknown>> = {};
  for (const id of CARRIERS) {
    const c = form.carriers[id];
    const fields = CREDENTIAL_FIELDS[id];
    const given = Object.fromEntries(
      fields.filter((f) => (c.credentials[f.key] ?? '').trim() !== '').map((f) => [f.key, c.credentials[f.key]!.trim()]),
    );
    const required = fields.filter((f) => !f.optional);
    const credentialsGiven = Object.keys(given).length > 0;
    if (credentialsGiven && required.some((f) => !given[f.key])) return `Completá todos los datos de acceso de ${CARRIER_LABELS[id]}`;
    const entry = { enabled: c.enabled, handlingFee: Number(c.handlingFee || 0), handlingPercent: Number(c.handlingPercent || 0) };
    // The credentials are written only: sent when the owner typed them, never read back.
    carriers[id] = credentialsGiven ? { ...entry, credentials: given } : entry;
  }
  const defaultParcel = parcelOfText(form.defaultParcel);
  if (defaultParcel === null || defaultParcel === 'partial') return 'Completá las cuatro medidas del paquete de la tienda';
  const categoryParcels: Record<string, unknown> = {};
  for (const [name, text] of Object.entries(form.categoryParcels)) {
    const parcel = parcelOfText(text);
    if (parcel === 'partial') return `Completá las cuatro medidas del paquete de ${name}, o dejalas vacías`;
    if (parcel) categoryParcels[name] = parcel;
  }
  const returnAddress = returnAddressOf(form.returnAddress);
  if (typeof returnAddress === 'string') return returnAddress;
  return {
    carriers,
    defaultParcel,
    categoryParcels,
    returnAddress,
    originPostalCode: form.originPostalCode,
    flatRate: amountOrNull(form.flatRate),
    freeShippingFrom: amountOrNull(form.freeShippingFrom),
  } as ShippingSettingsInput;
}

function ShippingForm({ settings }: { settings: ShippingSettingsAnswer }) {
  const [form, setForm] = useState(() => formOf(settings));
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const save = useSaveShippingSettings();
  const setCarrier = (id: CarrierId, change: Partial<CarrierForm>) =>
    setForm((f) => ({ ...f, carriers: { ...f.carriers, [id]: { ...f.carriers[id], ...change } } }));
  /** A whole number of pesos of the form: its input's props. */
  const amount = (key: 'flatRate' | 'freeShippingFrom') => ({
    type: 'number',
    min: 0,
    step: 1,
    value: form[key],
    onChange: (value: string) => setForm((f) => ({ ...f, [key]: value })),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    const input = inputOf(form);
    if (typeof input === 'string') return setMessage({ ok: false, text: input });
    save.mutate(input, {
      onSuccess: (answer) => {
        setForm(formOf(answer));
        setMessage({ ok: true, text: 'Envíos nacionales guardados' });
      },
      onError: (e) => setMessage({ ok: false, text: errorMessage(e, 'Error al guardar') }),
    });
  }

  return (
    <form onSubmit={submit} className="stack" aria-label="Envíos nacionales">
      {CARRIERS.map((id) => {
        const c = form.carriers[id];
        const configured = settings.carriers[id].configured;
        return (
          <fieldset key={id} className="stack">
            <legend>{CARRIER_LABELS[id]}</legend>
            <label className="checkbox">
              <input type="checkbox" checked={c.enabled} onChange={(e) => setCarrier(id, { enabled: e.target.checked })} /> Cotizar con{' '}
              {CARRIER_LABELS[id]}
            </label>
            <p className="hint">
              {configured
                ? 'Los datos de acceso están guardados. Dejá los campos vacíos para no cambiarlos.'
                : 'Todavía no cargaste los datos de acceso.'}
            </p>
            {CREDENTIAL_FIELDS[id].map((field) => (
              <div className="field" key={field.key}>
                <label htmlFor={`ship-${id}-${field.key}`}>{field.label}</label>
                <input
                  id={`ship-${id}-${field.key}`}
                  type={field.secret ? 'password' : 'text'}
                  autoComplete={field.secret ? 'new-password' : 'off'}
                  placeholder={configured ? '•••••• (guardado)' : ''}
                  value={c.credentials[field.key] ?? ''}
                  onChange={(e) => setCarrier(id, { credentials: { ...c.credentials, [field.key]: e.target.value } })}
                  maxLength={200}
                />
              </div>
            ))}
            <div className="field">
              <label htmlFor={`ship-${id}-fee`}>Cargo de preparación ($)</label>
              <input
                id={`ship-${id}-fee`}
                type="number"
                min={0}
                step={1}
                value={c.handlingFee}
                onChange={(e) => setCarrier(id, { handlingFee: e.target.value })}
              />
            </div>
            <div className="field">
              <label htmlFor={`ship-${id}-percent`}>Recargo sobre la tarifa (%)</label>
              <input
                id={`ship-${id}-percent`}
                type="number"
                min={0}
                max={100}
                step="0.1"
                value={c.handlingPercent}
                onChange={(e) => setCarrier(id, { handlingPercent: e.target.value })}
              />
            </div>
          </fieldset>
        );
      })}
      <InputField
        id="ship-origin"
        label="Código postal de despacho"
        type="text"
        autoComplete="postal-code"
        value={form.originPostalCode}
        onChange={(value) => setForm((f) => ({ ...f, originPostalCode: value }))}
        required
        maxLength={8}
      />
      <InputField id="ship-flat" label="Tarifa plana nacional ($, si ningún correo responde)" {...amount('flatRate')} />
      <InputField id="ship-free" label="Envío gratis desde ($ de compra)" {...amount('freeShippingFrom')} />
      <ParcelDefaults
        defaultParcel={form.defaultParcel}
        categoryParcels={form.categoryParcels}
        onDefault={(value) => setForm((f) => ({ ...f, defaultParcel: value }))}
        onCategory={(name, value) => setForm((f) => ({ ...f, categoryParcels: { ...f.categoryParcels, [name]: value } }))}
      />
      <ReturnAddressFields value={form.returnAddress} onChange={(value) => setForm((f) => ({ ...f, returnAddress: value }))} />
      <SaveFooter message={message} pending={save.isPending} label="Guardar envíos" />
    </form>
  );
}

/**
 * Configuración › Envíos nacionales (owner): the carriers, their credentials (written only), fees, the flat rate and
 * the packed parcels by default (the shop's and per category).
 */
export function ShippingSettingsPanel() {
  const query = useQuery(shippingQueries.settings());
  return (
    <DetailCard headingId="shipping-title" title="Envíos nacionales" icon={Truck} testId="shipping-settings">
      <QueryNote query={query} loading="Cargando…" failure="Error al cargar los envíos" />
      {query.data && <ShippingForm settings={query.data} />}
    </DetailCard>
  );
}
