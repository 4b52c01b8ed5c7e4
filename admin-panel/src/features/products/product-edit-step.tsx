import type { FormEventHandler } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { formatDigits, offeredSizes, type Category, type SizeGuide } from '@shop/shared';
import { CategoryOptions } from '@/components/category-options';
import { FormField, RequiredMark } from '@/components/form-field';
import { digitsOnly, errorMessages, orderProductErrors, toggleFormSize, type ProductFormValues } from './product-form-model';
import { ImageRows } from './image-rows';
import { SizeStock } from './size-stock';

interface ProductEditStepProps {
  form: UseFormReturn<ProductFormValues>;
  categories: Category[];
  sizeGuides: SizeGuide[];
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel: () => void;
}

export function ProductEditStep({ form, categories, sizeGuides, onSubmit, onCancel }: ProductEditStepProps) {
  const { register, setValue, watch, getValues } = form;
  const values = watch();
  const errors = orderProductErrors(errorMessages(form.formState.errors));
  const offered = values.category ? offeredSizes(values.category, sizeGuides) : [];
  // Sizes already on the product but no longer in the guide stay visible so they can be removed.
  const sizeOptions = [...offered, ...values.size.filter((s) => !offered.includes(s))];

  function toggleSize(size: string) {
    const next = toggleFormSize(getValues(), size);
    setValue('size', next.size);
    setValue('stockBySize', next.stockBySize);
  }

  return (
    <form className="card form-card" onSubmit={onSubmit} noValidate data-testid="product-edit-step">
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
        <FormField id="pf-title" label="Título" required className="field span-2">
          <input id="pf-title" type="text" {...register('title')} required maxLength={200} />
        </FormField>
        <FormField id="pf-description" label="Descripción" required className="field span-2">
          <textarea id="pf-description" rows={4} {...register('description')} required maxLength={5000} />
        </FormField>
        <FormField id="pf-category" label="Categoría" required>
          <select
            id="pf-category"
            {...register('category', {
              // Another category has another size guide: the chosen sizes and their stock start over.
              onChange: () => {
                setValue('size', []);
                setValue('stockBySize', {});
              },
            })}
            required
          >
            <CategoryOptions categories={categories} current={values.category} />
          </select>
        </FormField>
        <FormField id="pf-price" label="Precio ($)" required>
          <input
            id="pf-price"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder="0"
            {...register('price', { onChange: (e: { target: HTMLInputElement }) => setValue('price', formatDigits(e.target.value)) })}
            required
          />
        </FormField>
        <FormField id="pf-discount" label="Descuento (%)">
          <input
            id="pf-discount"
            type="text"
            inputMode="numeric"
            placeholder="0"
            {...register('discount', { onChange: (e: { target: HTMLInputElement }) => setValue('discount', digitsOnly(e.target.value)) })}
            aria-describedby="pf-discount-hint"
          />
          <p className="hint" id="pf-discount-hint">
            Entre 0 y 100
          </p>
        </FormField>
        <fieldset className="fieldset span-2" data-testid="size-options">
          <legend>
            Talles <RequiredMark />
          </legend>
          {!values.category ? (
            <p className="hint">Elegí una categoría para ver los talles de su guía.</p>
          ) : sizeOptions.length === 0 ? (
            <p className="hint">Esta categoría no tiene una guía de talles habilitada. Agregala en Contenido → Guía de Tallas.</p>
          ) : (
            <SizeStock
              options={sizeOptions}
              chosen={values.size}
              stockBySize={values.stockBySize}
              onToggle={toggleSize}
              onStock={(size, units) => setValue('stockBySize', { ...getValues('stockBySize'), [size]: units })}
            />
          )}
        </fieldset>
        <div className="field span-2">
          <label className="switch">
            <input type="checkbox" {...register('status')} />
            <span>Producto activo (visible en la tienda)</span>
          </label>
        </div>
        <div className="span-2">
          <ImageRows values={values.thumbnails} onChange={(thumbnails) => setValue('thumbnails', thumbnails)} />
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
