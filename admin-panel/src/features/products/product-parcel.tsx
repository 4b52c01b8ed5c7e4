import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { MAX_PARCEL_SIDE, MAX_PARCEL_WEIGHT, SHIPPING_MSG, type Product, type ProductParcelInput } from '@shop/shared';
import type { ProductFormValues } from './product-form-model';

/** The packed parcel as typed: digits, '' where the category's default applies. */
export interface ParcelValues {
  weight: string;
  length: string;
  width: string;
  height: string;
}

export const EMPTY_PARCEL_VALUES: ParcelValues = { weight: '', length: '', width: '', height: '' };

const MEASURES: { key: keyof ParcelValues; label: string; max: number; message: string }[] = [
  { key: 'weight', label: 'Peso embalado (g)', max: MAX_PARCEL_WEIGHT, message: SHIPPING_MSG.weight },
  { key: 'length', label: 'Largo (cm)', max: MAX_PARCEL_SIDE, message: SHIPPING_MSG.side },
  { key: 'width', label: 'Ancho (cm)', max: MAX_PARCEL_SIDE, message: SHIPPING_MSG.side },
  { key: 'height', label: 'Alto (cm)', max: MAX_PARCEL_SIDE, message: SHIPPING_MSG.side },
];

export function parcelValuesOf(product: Product): ParcelValues {
  const p = product.parcel;
  const text = (value: number | null | undefined) => (value == null ? '' : String(value));
  return { weight: text(p?.weight), length: text(p?.length), width: text(p?.width), height: text(p?.height) };
}

/** Each measure blank, or a whole number from 1 to its maximum (the server's own rule: productParcelSchema). */
export const parcelValuesSchema = z.object(
  Object.fromEntries(
    MEASURES.map((m) => [
      m.key,
      z.string().refine((v) => v.trim() === '' || (/^\d+$/.test(v.trim()) && Number(v) >= 1 && Number(v) <= m.max), m.message),
    ]),
  ) as Record<keyof ParcelValues, z.ZodString>,
);

/** The body's `parcel`: a blank measure is null (the category's default applies). */
export function parcelInputOf(values: ParcelValues): ProductParcelInput {
  const measure = (v: string) => (v.trim() === '' ? null : Number(v.trim()));
  return { weight: measure(values.weight), length: measure(values.length), width: measure(values.width), height: measure(values.height) };
}

/** Packed weight and size of one unit, for the carriers' quotes (optional: blank uses the category's defaults). */
export function ParcelFields({ form }: { form: UseFormReturn<ProductFormValues> }) {
  const { register, setValue } = form;
  return (
    <fieldset className="fieldset span-2" data-testid="parcel-options">
      <legend>Paquete para envíos nacionales</legend>
      <p className="hint" id="pf-parcel-hint">
        Lo que pesa y mide una unidad embalada. Vacío: se usan las medidas de su categoría (Configuración › Envíos nacionales).
      </p>
      <div className="form-grid">
        {MEASURES.map((m) => (
          <div className="field" key={m.key}>
            <label htmlFor={`pf-parcel-${m.key}`}>{m.label}</label>
            <input
              id={`pf-parcel-${m.key}`}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              aria-describedby="pf-parcel-hint"
              {...register(`parcel.${m.key}`, {
                onChange: (e: { target: HTMLInputElement }) => setValue(`parcel.${m.key}`, e.target.value.replace(/\D/g, '')),
              })}
            />
          </div>
        ))}
      </div>
    </fieldset>
  );
}
