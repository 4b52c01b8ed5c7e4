import { PROVINCES_BY_NAME } from '@shop/shared';
import { FormField } from '@/components/form-parts';
import { nationalFieldId, type NationalField, type NationalShipping } from '../use-national-shipping';

interface TextFieldSpec {
  field: Exclude<NationalField, 'province'>;
  label: string;
  required: boolean;
  full?: boolean;
  autoComplete?: string;
  inputMode?: 'numeric' | 'text';
}

const TEXT_FIELDS: readonly TextFieldSpec[] = [
  { field: 'locality', label: 'Localidad', required: true, autoComplete: 'address-level2' },
  { field: 'street', label: 'Calle', required: true, full: true, autoComplete: 'address-line1' },
  { field: 'number', label: 'Número', required: true, inputMode: 'numeric' },
  { field: 'floor', label: 'Piso (opcional)', required: false },
  { field: 'apartment', label: 'Departamento (opcional)', required: false },
];

/** Error wiring of one field: its message under it, named by aria-describedby. */
function errorProps(national: NationalShipping, field: NationalField) {
  const error = national.errors[field];
  return {
    id: nationalFieldId(field),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${nationalFieldId(field)}-error` : field === 'postalCode' ? 'national-postalCode-hint' : undefined,
  };
}

function FieldError({ national, field }: { national: NationalShipping; field: NationalField }) {
  const error = national.errors[field];
  return error ? (
    <p id={`${nationalFieldId(field)}-error`} className="field-error">
      {error}
    </p>
  ) : null;
}

/** The national address: postal code and province first (they are what the carriers quote), then the street. */
export function NationalAddress({ national }: { national: NationalShipping }) {
  const { address, setField } = national;
  return (
    <fieldset className="delivery-detail" data-testid="national-address">
      <legend className="delivery-detail__title">¿A dónde te lo enviamos?</legend>
      <div className="form-grid">
        <FormField id={nationalFieldId('postalCode')} label="Código postal" required>
          <input
            {...errorProps(national, 'postalCode')}
            value={address.postalCode}
            onChange={(e) => setField('postalCode', e.target.value)}
            autoComplete="postal-code"
            required
            maxLength={10}
          />
          <p id="national-postalCode-hint" className="muted small">
            4 números (5000) o el CPA de 8 caracteres (X5000ABC)
          </p>
          <FieldError national={national} field="postalCode" />
        </FormField>
        <FormField id={nationalFieldId('province')} label="Provincia" required>
          <select
            {...errorProps(national, 'province')}
            value={address.province}
            onChange={(e) => setField('province', e.target.value)}
            required
          >
            <option value="">Elegí tu provincia</option>
            {PROVINCES_BY_NAME.map((p) => (
              <option key={p.code} value={p.code}>
                {p.name}
              </option>
            ))}
          </select>
          <FieldError national={national} field="province" />
        </FormField>
        {TEXT_FIELDS.map((spec) => (
          <FormField
            key={spec.field}
            id={nationalFieldId(spec.field)}
            label={spec.label}
            required={spec.required}
            className={spec.full ? 'field field--full' : 'field'}
          >
            <input
              {...errorProps(national, spec.field)}
              value={address[spec.field]}
              onChange={(e) => setField(spec.field, e.target.value)}
              autoComplete={spec.autoComplete}
              inputMode={spec.inputMode}
              required={spec.required}
              maxLength={spec.field === 'street' ? 120 : spec.field === 'locality' ? 80 : 20}
            />
            <FieldError national={national} field={spec.field} />
          </FormField>
        ))}
      </div>
    </fieldset>
  );
}
