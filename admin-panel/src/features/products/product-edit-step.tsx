import type { FormEventHandler } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { formatDigits, offeredSizes, type Category, type SizeGuide } from '@shop/shared';
import { CategoryOptions } from '@/components/category-options';
import { FormField, RequiredMark } from '@/components/form-field';
import {
  digitsOnly,
  errorMessages,
  fillGrid,
  gridProblems,
  orderProductErrors,
  toggleFormSize,
  withShape,
  type FormColor,
  type ProductFormValues,
  type VariantCell,
} from './product-form-model';
import { ColorList } from './color-list';
import { ImageRows } from './image-rows';
import { ParcelFields } from './product-parcel';
import { SizeChips } from './size-stock';
import { VariantGrid } from './variant-grid';

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

  // The cells' own messages show beside them once the user tried to continue.
  const problems = form.formState.submitCount > 0 ? gridProblems(values) : [];

  /** New sizes or colours: the grid and the photos' colours follow. */
  function reshape(next: ProductFormValues) {
    setValue('size', next.size);
    setValue('colors', next.colors);
    setValue('grid', next.grid);
    setValue('photoColors', next.photoColors);
  }

  function toggleSize(size: string) {
    reshape(toggleFormSize(getValues(), size));
  }

  function setColors(colors: FormColor[]) {
    reshape(withShape(getValues(), { colors }));
  }

  function setCell(key: string, patch: Partial<VariantCell>) {
    const grid = getValues('grid');
    const cell = grid[key];
    if (cell) setValue('grid', { ...grid, [key]: { ...cell, ...patch } });
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
              onChange: () => reshape(withShape(getValues(), { size: [] })),
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
            <SizeChips options={sizeOptions} chosen={values.size} onToggle={toggleSize} />
          )}
        </fieldset>
        <fieldset className="fieldset span-2" data-testid="color-options">
          <legend>Colores</legend>
          <ColorList colors={values.colors} onChange={setColors} />
        </fieldset>
        <fieldset className="fieldset span-2" data-testid="variant-stock">
          <legend>Stock por color y talle</legend>
          <p className="hint">Cada fila es un color y cada columna un talle. Un casillero vacío es 0.</p>
          <VariantGrid
            values={values}
            problems={problems}
            onCell={setCell}
            onFill={(units) => setValue('grid', fillGrid(getValues('grid'), units))}
          />
        </fieldset>
        <ParcelFields form={form} />
        <div className="field span-2">
          <label className="switch">
            <input type="checkbox" {...register('status')} />
            <span>Producto activo (visible en la tienda)</span>
          </label>
        </div>
        <div className="span-2">
          <ImageRows
            values={values.thumbnails}
            photoColors={values.photoColors}
            colors={values.colors.map((color) => color.name)}
            onChange={(thumbnails, photoColors) => {
              setValue('thumbnails', thumbnails);
              setValue('photoColors', photoColors);
            }}
          />
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
