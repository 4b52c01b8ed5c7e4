import { ArrowLeft, Check } from 'lucide-react';
import { finalPrice, formatPrice, type Category, type ProductInput } from '@shop/shared';
import { categoryLabel } from '@/features/content';

interface ProductReviewStepProps {
  input: ProductInput;
  categories: Category[];
  isEdit: boolean;
  saving: boolean;
  rateLimited: boolean;
  error: string | null;
  onBack: () => void;
  onConfirm: () => void;
}

/** Units per colour (active cells only), for a product with colours: "Negro: 6 · Blanco: 2". */
function stockByColor(input: ProductInput): string | null {
  const totals = new Map<string, number>();
  for (const cell of input.variants ?? []) {
    if (!cell.color) continue;
    totals.set(cell.color, (totals.get(cell.color) ?? 0) + (cell.active === false ? 0 : cell.stock));
  }
  if (totals.size === 0) return null;
  return [...totals].map(([color, units]) => `${color}: ${units}`).join(' · ');
}

export function ProductReviewStep({ input, categories, isEdit, saving, rateLimited, error, onBack, onConfirm }: ProductReviewStepProps) {
  const byColor = stockByColor(input);
  const saveLabel = rateLimited ? 'Límite alcanzado' : saving ? 'Guardando...' : isEdit ? 'Guardar cambios' : 'Crear producto';
  return (
    <section className="card form-card" data-testid="product-review-step" aria-labelledby="review-title">
      <h2 id="review-title">Revisá los datos antes de guardar</h2>
      {error && (
        <div className="alert alert-error" role="alert">
          {error}
        </div>
      )}
      <div className="review-grid">
        <div className="review-images">
          {input.thumbnails.map((src, i) => (
            <img key={`${src}-${i}`} src={src} alt={i === 0 ? `Imagen principal de ${input.title}` : `Imagen ${i + 1} de ${input.title}`} />
          ))}
        </div>
        <dl className="review-list">
          <dt>Título</dt>
          <dd>{input.title}</dd>
          <dt>Descripción</dt>
          <dd className="pre-wrap">{input.description}</dd>
          <dt>Categoría</dt>
          <dd>{categoryLabel(categories, input.category)}</dd>
          <dt>Precio</dt>
          <dd>
            {formatPrice(input.price)}
            {input.discount > 0 && (
              <>
                {' '}
                → <strong>{formatPrice(finalPrice(input.price, input.discount))}</strong> ({input.discount}% OFF)
              </>
            )}
          </dd>
          <dt>Stock</dt>
          <dd>
            {input.stock}
            {input.stockBySize && Object.keys(input.stockBySize).length > 0 && (
              <span className="muted" data-testid="review-stock-by-size">
                {' '}
                (
                {Object.entries(input.stockBySize)
                  .map(([size, units]) => `${size}: ${units}`)
                  .join(' · ')}
                )
              </span>
            )}
          </dd>
          {byColor && (
            <>
              <dt>Stock por color</dt>
              <dd data-testid="review-stock-by-color">{byColor}</dd>
            </>
          )}
          <dt>Talles</dt>
          <dd>{input.size.join(', ')}</dd>
          {input.colors && (
            <>
              <dt>Colores</dt>
              <dd>{input.colors.length > 0 ? input.colors.map((color) => color.name).join(', ') : 'Sin colores'}</dd>
            </>
          )}
          <dt>Estado</dt>
          <dd>{input.status ? 'Activo' : 'Inactivo'}</dd>
        </dl>
      </div>
      <div className="form-actions">
        <button type="button" className="btn btn-secondary" onClick={onBack} disabled={saving}>
          <ArrowLeft size={16} aria-hidden="true" /> Volver a editar
        </button>
        <button type="button" className="btn btn-primary" onClick={onConfirm} disabled={saving || rateLimited}>
          <Check size={16} aria-hidden="true" /> {saveLabel}
        </button>
      </div>
    </section>
  );
}
