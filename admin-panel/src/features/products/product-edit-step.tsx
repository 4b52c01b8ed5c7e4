import type { FormEvent } from 'react';
import { formatDigits, offeredSizes, parseDigits, type Category, type SizeGuide } from '@shop/shared';
import { digitsOnly, toggleFormSize, type ProductFormValues } from './product-form-model';
import { ImageRows } from './image-rows';
import { CategoryOptions } from '@/components/category-options';

interface ProductEditStepProps {
  values: ProductFormValues;
  onChange: (next: ProductFormValues) => void;
  categories: Category[];
  sizeGuides: SizeGuide[];
  errors: string[];
  onSubmit: () => void;
  onCancel: () => void;
}

export function ProductEditStep({ values, onChange, categories, sizeGuides, errors, onSubmit, onCancel }: ProductEditStepProps) {
  const set = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) => onChange({ ...values, [key]: value });
  const offered = values.category ? offeredSizes(values.category, sizeGuides) : [];
  // Sizes already on the product but no longer in the guide stay visible so they can be removed.
  const sizeOptions = [...offered, ...values.size.filter((s) => !offered.includes(s))];

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit();
  }

  function toggleSize(size: string) {
    onChange(toggleFormSize(values, size));
  }
  const total = values.size.reduce((sum, size) => sum + parseDigits(values.stockBySize[size] ?? ''), 0);

  return (
    <form className="card form-card" onSubmit={handleSubmit} noValidate data-testid="product-edit-step">
      {errors.length > 0 && (
        <div className="alert alert-error" role="alert" data-testid="product-form-errors">
          <div>
            <strong>Revisá los siguientes errores:</strong>
            <ul>
              {errors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          </div>
        </div>
      )}
      <div className="form-grid">
        <div className="field span-2">
          <label htmlFor="pf-title">
            Título{' '}
            <span className="required" aria-hidden="true">
              *
            </span>
          </label>
          <input id="pf-title" type="text" value={values.title} onChange={(e) => set('title', e.target.value)} required maxLength={200} />
        </div>
        <div className="field span-2">
          <label htmlFor="pf-description">
            Descripción{' '}
            <span className="required" aria-hidden="true">
              *
            </span>
          </label>
          <textarea
            id="pf-description"
            rows={4}
            value={values.description}
            onChange={(e) => set('description', e.target.value)}
            required
            maxLength={5000}
          />
        </div>
        <div className="field">
          <label htmlFor="pf-category">
            Categoría{' '}
            <span className="required" aria-hidden="true">
              *
            </span>
          </label>
          <select
            id="pf-category"
            value={values.category}
            onChange={(e) => onChange({ ...values, category: e.target.value, size: [], stockBySize: {} })}
            required
          >
            <CategoryOptions categories={categories} current={values.category} />
          </select>
        </div>
        <div className="field">
          <label htmlFor="pf-price">
            Precio ($){' '}
            <span className="required" aria-hidden="true">
              *
            </span>
          </label>
          <input
            id="pf-price"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder="0"
            value={values.price}
            onChange={(e) => set('price', formatDigits(e.target.value))}
            required
          />
        </div>
        <div className="field">
          <label htmlFor="pf-discount">Descuento (%)</label>
          <input
            id="pf-discount"
            type="text"
            inputMode="numeric"
            placeholder="0"
            value={values.discount}
            onChange={(e) => set('discount', digitsOnly(e.target.value))}
            aria-describedby="pf-discount-hint"
          />
          <p className="hint" id="pf-discount-hint">
            Entre 0 y 100
          </p>
        </div>
        <fieldset className="fieldset span-2" data-testid="size-options">
          <legend>
            Talles{' '}
            <span className="required" aria-hidden="true">
              *
            </span>
          </legend>
          {!values.category ? (
            <p className="hint">Elegí una categoría para ver los talles de su guía.</p>
          ) : sizeOptions.length === 0 ? (
            <p className="hint">Esta categoría no tiene una guía de talles habilitada. Agregala en Contenido → Guía de Tallas.</p>
          ) : (
            <div className="size-stock">
              <div className="chip-group">
                {sizeOptions.map((size) => (
                  <label key={size} className={`chip-check${values.size.includes(size) ? ' checked' : ''}`}>
                    <input type="checkbox" checked={values.size.includes(size)} onChange={() => toggleSize(size)} />
                    {size}
                  </label>
                ))}
              </div>
              {values.size.length > 0 && (
                <table className="stock-table" data-testid="stock-by-size">
                  <caption>Stock por talle</caption>
                  <thead>
                    <tr>
                      <th scope="col">Talle</th>
                      <th scope="col">Unidades</th>
                    </tr>
                  </thead>
                  <tbody>
                    {values.size.map((size) => (
                      <tr key={size}>
                        <th scope="row">{size}</th>
                        <td>
                          <input
                            id={`pf-stock-${size}`}
                            type="text"
                            inputMode="numeric"
                            autoComplete="off"
                            placeholder="0"
                            aria-label={`Stock del talle ${size}`}
                            value={values.stockBySize[size] ?? ''}
                            onChange={(e) => onChange({ ...values, stockBySize: { ...values.stockBySize, [size]: digitsOnly(e.target.value) } })}
                          />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                  <tfoot>
                    <tr>
                      <th scope="row">Total</th>
                      <td data-testid="stock-total">{total}</td>
                    </tr>
                  </tfoot>
                </table>
              )}
            </div>
          )}
        </fieldset>
        <div className="field span-2">
          <label className="switch">
            <input type="checkbox" checked={values.status} onChange={(e) => set('status', e.target.checked)} />
            <span>Producto activo (visible en la tienda)</span>
          </label>
        </div>
        <div className="span-2">
          <ImageRows values={values.thumbnails} onChange={(thumbnails) => set('thumbnails', thumbnails)} />
        </div>
      </div>
      <div className="form-actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          Cancelar
        </button>
        <button type="submit" className="btn btn-primary">
          Revisar y continuar
        </button>
      </div>
    </form>
  );
}
