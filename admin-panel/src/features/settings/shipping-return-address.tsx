import { PROVINCES, type NationalAddress, type ShippingSettingsAnswer } from '@shop/shared';

/** The return address as the form holds it: text fields, all empty when none is given. */
export type ReturnAddressText = Record<
  'street' | 'number' | 'floor' | 'apartment' | 'locality' | 'province' | 'postalCode' | 'phone',
  string
>;

const PROVINCE_CHOICES = [...PROVINCES].sort((a, b) => a.name.localeCompare(b.name, 'es'));

const FIELDS: { key: keyof ReturnAddressText; label: string; required: boolean; autoComplete: string; maxLength: number }[] = [
  { key: 'street', label: 'Calle', required: true, autoComplete: 'address-line1', maxLength: 120 },
  { key: 'number', label: 'Número', required: true, autoComplete: 'off', maxLength: 20 },
  { key: 'floor', label: 'Piso (opcional)', required: false, autoComplete: 'off', maxLength: 20 },
  { key: 'apartment', label: 'Depto. (opcional)', required: false, autoComplete: 'off', maxLength: 20 },
  { key: 'locality', label: 'Localidad', required: true, autoComplete: 'address-level2', maxLength: 80 },
  { key: 'postalCode', label: 'Código postal', required: true, autoComplete: 'postal-code', maxLength: 8 },
  { key: 'phone', label: 'Teléfono del local', required: true, autoComplete: 'tel', maxLength: 24 },
];

export function returnAddressText(address: ShippingSettingsAnswer['returnAddress']): ReturnAddressText {
  return {
    street: address?.street ?? '',
    number: address?.number ?? '',
    floor: address?.floor ?? '',
    apartment: address?.apartment ?? '',
    locality: address?.locality ?? '',
    province: address?.province ?? '',
    postalCode: address?.postalCode ?? '',
    phone: address?.phone ?? '',
  };
}

/**
 * The address to send, null when every field is empty (no return address), or the Spanish reason it cannot be sent
 * (half filled). The server checks it again (postal code against the province, the phone).
 */
export function returnAddressOf(text: ReturnAddressText): NationalAddress | null | string {
  const trimmed = Object.fromEntries(Object.entries(text).map(([k, v]) => [k, v.trim()])) as ReturnAddressText;
  if (Object.values(trimmed).every((v) => v === '')) return null;
  const missing = FIELDS.some((f) => f.required && trimmed[f.key] === '') || trimmed.province === '';
  if (missing)
    return 'Completá la dirección para devoluciones (calle, número, localidad, provincia, código postal y teléfono), o dejala vacía';
  const { floor, apartment, province, ...rest } = trimmed;
  return { ...rest, province: province as NationalAddress['province'], ...(floor ? { floor } : {}), ...(apartment ? { apartment } : {}) };
}

/** Where withdrawals' return shipments go: the carrier collects at her address and brings the goods here. */
export function ReturnAddressFields({ value, onChange }: { value: ReturnAddressText; onChange: (value: ReturnAddressText) => void }) {
  const set = (key: keyof ReturnAddressText, text: string) => onChange({ ...value, [key]: text });
  return (
    <fieldset className="stack">
      <legend>Dirección para devoluciones</legend>
      <p className="hint">
        Adonde el correo trae las prendas de un arrepentimiento de un pedido enviado por correo (el envío de devolución lo paga la tienda).
      </p>
      {FIELDS.slice(0, 5).map((f) => (
        <div className="field" key={f.key}>
          <label htmlFor={`ship-return-${f.key}`}>{f.label}</label>
          <input
            id={`ship-return-${f.key}`}
            type={f.key === 'phone' ? 'tel' : 'text'}
            autoComplete={f.autoComplete}
            value={value[f.key]}
            onChange={(e) => set(f.key, e.target.value)}
            maxLength={f.maxLength}
          />
        </div>
      ))}
      <div className="field">
        <label htmlFor="ship-return-province">Provincia</label>
        <select id="ship-return-province" value={value.province} onChange={(e) => set('province', e.target.value)}>
          <option value="">Elegí la provincia</option>
          {PROVINCE_CHOICES.map((p) => (
            <option key={p.code} value={p.code}>
              {p.name}
            </option>
          ))}
        </select>
      </div>
      {FIELDS.slice(5).map((f) => (
        <div className="field" key={f.key}>
          <label htmlFor={`ship-return-${f.key}`}>{f.label}</label>
          <input
            id={`ship-return-${f.key}`}
            type={f.key === 'phone' ? 'tel' : 'text'}
            autoComplete={f.autoComplete}
            value={value[f.key]}
            onChange={(e) => set(f.key, e.target.value)}
            maxLength={f.maxLength}
          />
        </div>
      ))}
    </fieldset>
  );
}
