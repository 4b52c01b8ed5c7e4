import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import { lowStockThresholdInputSchema, type LowStockProduct } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { PendingButton } from '@/components/submit-button';
import { paths } from '@/config/paths';
import { categoryLabel, useCategories } from '@/features/content';
import { insightQueries, useSetLowStockThreshold } from './api/insight';
import { DashboardPanel, PanelBody } from './dashboard-panel';

interface ThresholdForm {
  threshold: number;
}

function stockText(product: LowStockProduct): string {
  if (product.lowSizes.length === 0) return `Quedan ${product.totalStock} ${product.totalStock === 1 ? 'unidad' : 'unidades'}`;
  const sizes = product.lowSizes.map((s) => `${s.size}: ${s.stock}`).join(' · ');
  return `Talles con poco stock: ${sizes} (total ${product.totalStock})`;
}

/**
 * 'Más vistos con poco stock': among the most viewed products, those whose stock or one size's is at or below the
 * owner's threshold (kept by the server), each with a link to its editor.
 */
export function LowStockCard() {
  const lowStock = useQuery({ ...insightQueries.lowStock(), retry: 0 });
  const save = useSetLowStockThreshold();
  const { categories } = useCategories();
  const threshold = lowStock.data?.threshold;
  const form = useForm<ThresholdForm>({ resolver: zodResolver(lowStockThresholdInputSchema), defaultValues: { threshold: 3 } });
  const { reset } = form;
  useEffect(() => {
    if (threshold !== undefined) reset({ threshold });
  }, [threshold, reset]);
  const submit = form.handleSubmit((values) => save.mutate(values.threshold));
  const fieldError = form.formState.errors.threshold?.message;
  const products = lowStock.data?.products ?? [];

  return (
    <DashboardPanel
      headingId="low-stock-title"
      testId="low-stock-card"
      icon={AlertTriangle}
      title="Más vistos con poco stock"
      className="low-stock-card"
    >
      <form className="threshold-form" noValidate onSubmit={(event) => void submit(event)}>
        <label htmlFor="low-stock-threshold">Avisar con stock igual o menor a</label>
        <input
          id="low-stock-threshold"
          type="number"
          min={0}
          max={999}
          inputMode="numeric"
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? 'low-stock-threshold-error' : undefined}
          {...form.register('threshold', { valueAsNumber: true })}
        />
        <PendingButton label="Guardar" pendingLabel="Guardando..." pending={save.isPending} className="btn btn-secondary btn-sm" />
        {fieldError && (
          <p id="low-stock-threshold-error" className="export-error" role="alert">
            {fieldError}
          </p>
        )}
        {save.isError && (
          <p className="export-error" role="alert">
            {errorMessage(save.error, 'Error al guardar el umbral de stock')}
          </p>
        )}
      </form>
      <PanelBody
        pending={lowStock.isPending}
        error={lowStock.isError ? errorMessage(lowStock.error, 'Error al obtener los productos con poco stock') : null}
        empty={products.length === 0}
        emptyText="Ninguno de los productos más vistos tiene poco stock."
      >
        <ul className="low-stock-list">
          {products.map((p) => (
            <li key={p.productId}>
              <span className="rank-main">
                <strong>{p.title}</strong>
                <span className="cell-sub">
                  {categoryLabel(categories, p.category)} · {p.views} {p.views === 1 ? 'vista' : 'vistas'}
                </span>
                <span className="low-stock-detail">{stockText(p)}</span>
              </span>
              <Link to={paths.productEdit(p.productId)} className="btn btn-ghost btn-sm" aria-label={`Editar ${p.title}`}>
                Editar
              </Link>
            </li>
          ))}
        </ul>
      </PanelBody>
    </DashboardPanel>
  );
}
