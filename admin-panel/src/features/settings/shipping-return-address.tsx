import { PROVINCES_BY_NAME, type NationalAddress, type ShippingSettingsAnswer } from '@shop/shared';
import { InputField } from '@/components/form-field';
import { ChoiceField } from '@/components/select-field';

const PROVINCE_CHOICES = PROVINCES_BY_NAME.map((p) => ({ value: p.code, label: p.name }));

/** The return address as the form holds it: text fields, all empty when none is given. */
export type ReturnAddressText = Record<
  'street' | 'number' | 'floor' | 'apartment' | 'locality' | 'province' | 'postalCode' | 'phone',
  string
>;

/** The fields in their order on the form; the province is a list, the rest text. */
const FIELDS: { key: keyof ReturnAddressText; label: string; required: boolean; autoComplete: string; maxLength: number }[] = [
  { key: 'street', label: 'Calle', required: true, autoComplete: 'address-line1', maxLength: 120 },
  { key: 'number', label: 'Número', required: true, autoComplete: 'off', maxLength: 20 },
  { key: 'floor', label: 'Piso (opcional)', required: false, autoComplete: 'off', maxLength: 20 },
  { key: 'apartment', label: 'Depto. (opcional)', required: false, autoComplete: 'off', maxLength: 20 },
  { key: 'locality', label: 'Localidad', required: true, autoComplete: 'address-level2', maxLength: 80 },
  { key: 'province', label: 'Provincia', required: true, autoComplete: 'address-level1', maxLength: 5 },
  { key: 'postalCode', label: 'Código postal', required: true, autoComplete: 'postal-code', maxLength: 8 },
  { key: 'phone', label: 'Teléfono del local', required: true, autoComplete: 'tel', maxLength: 24 },
];

export function returnAddressText(address: ShippingSettingsAnswer['returnAddress']): ReturnAddressText {
  return Object.fromEntries(FIELDS.map((f) => [f.key, address?.[f.key] ?? ''])) as ReturnAddressText;
}

/**
 * The address to send, null when every field is empty (no return address), or the Spanish reason it cannot be sent
 * (half filled). The server checks it again (postal code against the province, the phone).
 */
export function returnAddressOf(text: ReturnAddressText): NationalAddress | null | string {
  const trimmed = Object.fromEntries(Object.entries(text).map(([k, v]) => [k, v.trim()])) as ReturnAddressText;
  if (Object.values(trimmed).every((v) => v === '')) return null;
  if (FIELDS.some((f) => f.required && trimmed[f.key] === ''))
    return 'Completá la dirección para devoluciones (calle, número, localidad, provincia, código postal y teléfono), o dejala vacía';
  const { floor, apartment, province, ...rest } = trimmed;
  return { ...rest, province: province as NationalAddress['province'], ...(floor ? { floor } : {}), ...(apartment ? { apartment } : {}) };
}

/** Where withdrawals' return shipments go: the carrier collects at her address and brings the goods here. */
export function ReturnAddressFields({ value, onChange }: { value: ReturnAddressText; onChange: (value: ReturnAddressText) => void }) {
  return (
    <fieldset className="stack">
      <legend>Dirección para devoluciones</legend>
      <p className="hint">
        Adonde el correo trae las prendas de un arrepentimiento de un pedido enviado por correo (el envío de devolución lo paga la tienda).
      </p>
      {FIELDS.map((f) => {
        const id = `ship-return-${f.key}`;
        const change = (text: string) => onChange({ ...value, [f.key]: text });
        const field = { id, label: f.label, autoComplete: f.autoComplete, onChange: change };
        return f.key === 'province' ? (
          <ChoiceField key={f.key} {...field} value={value.province} all="Elegí la provincia" choices={PROVINCE_CHOICES} />
        ) : (
          <InputField key={f.key} {...field} type={f.key === 'phone' ? 'tel' : 'text'} value={value[f.key]} maxLength={f.maxLength} />
        );
      })}
    </fieldset>
  );
}
