import { useState, type FormEvent } from 'react';
import type { AccountAddress } from '@shop/shared';
import { FormField, ErrorNotice } from '@/components/form-parts';

type Field = 'label' | 'fullName' | 'phone' | 'address' | 'city' | 'postalCode' | 'notes';

const FIELDS: readonly { field: Field; label: string; autoComplete: string; full?: boolean; max: number }[] = [
  { field: 'label', label: 'Nombre de la dirección', autoComplete: 'off', max: 40 },
  { field: 'fullName', label: 'Nombre y apellido', autoComplete: 'name', max: 120 },
  { field: 'phone', label: 'Teléfono', autoComplete: 'tel', max: 40 },
  { field: 'address', label: 'Dirección', autoComplete: 'street-address', full: true, max: 300 },
  { field: 'city', label: 'Ciudad', autoComplete: 'address-level2', max: 120 },
  { field: 'postalCode', label: 'Código postal', autoComplete: 'postal-code', max: 20 },
  { field: 'notes', label: 'Notas', autoComplete: 'off', full: true, max: 500 },
];

export const ADDRESS_REQUIRED = 'Escribí la dirección (calle y número)';

interface AddressFormProps {
  initial: AccountAddress;
  title: string;
  busy: boolean;
  error: string | null;
  onSave: (address: AccountAddress) => void;
  onCancel: () => void;
}

/** Adding or editing one address: its fields, "Guardar" and "Cancelar". */
export function AddressForm({ initial, title, busy, error, onSave, onCancel }: AddressFormProps) {
  const [values, setValues] = useState<AccountAddress>(initial);
  const [missing, setMissing] = useState(false);
  const idOf = (field: Field) => `account-address-${field}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!values.address?.trim()) {
      setMissing(true);
      document.getElementById(idOf('address'))?.focus();
      return;
    }
    const trimmed = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v]));
    onSave({ ...values, ...trimmed });
  };

  return (
    <form className="account-address-form" onSubmit={submit} noValidate aria-labelledby="account-address-form-title">
      <h3 id="account-address-form-title" className="account-order__title">
        {title}
      </h3>
      <div className="form-grid">
        {FIELDS.map(({ field, label, autoComplete, full, max }) => {
          const invalid = field === 'address' && missing;
          return (
            <FormField
              key={field}
              id={idOf(field)}
              label={label}
              required={field === 'address'}
              className={full ? 'field field--full' : 'field'}
            >
              {field === 'notes' ? (
                <textarea
                  id={idOf(field)}
                  rows={2}
                  maxLength={max}
                  value={values.notes ?? ''}
                  onChange={(event) => setValues((v) => ({ ...v, notes: event.target.value }))}
                />
              ) : (
                <input
                  id={idOf(field)}
                  type={field === 'phone' ? 'tel' : 'text'}
                  autoComplete={autoComplete}
                  maxLength={max}
                  required={field === 'address'}
                  value={values[field] ?? ''}
                  aria-invalid={invalid ? true : undefined}
                  aria-describedby={invalid ? 'account-address-error' : undefined}
                  onChange={(event) => {
                    setValues((v) => ({ ...v, [field]: event.target.value }));
                    if (field === 'address') setMissing(false);
                  }}
                />
              )}
              {invalid && (
                <p id="account-address-error" className="field-error" role="alert">
                  {ADDRESS_REQUIRED}
                </p>
              )}
            </FormField>
          );
        })}
      </div>
      <ErrorNotice error={error} />
      <div className="account-actions">
        <button type="submit" className="btn btn--primary btn--sm" disabled={busy} aria-busy={busy}>
          Guardar dirección
        </button>
        <button type="button" className="btn btn--ghost btn--sm" onClick={onCancel} disabled={busy}>
          Cancelar
        </button>
      </div>
    </form>
  );
}
