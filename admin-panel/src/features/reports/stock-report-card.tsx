import { useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Boxes } from 'lucide-react';
import {
  formatPrice,
  STOCK_REPORT_DEFAULT_LEAD_DAYS,
  STOCK_REPORT_DEFAULT_WINDOW,
  STOCK_REPORT_MSG,
  variantLabel,
  type StockReportView,
} from '@shop/shared';
import { DataTable, QueryStates } from '@/components/data-table';
import { DetailCard } from '@/components/detail-card';
import { ExportButton } from '@/components/export-button';
import { InputField } from '@/components/form-field';
import { Pagination } from '@/components/pagination';
import { SelectField } from '@/components/select-field';
import { useCategories } from '@/features/content';
import { stockReportParams, stockReportQueries, type StockReportFilters } from './api/stock-report';

const VIEWS: { value: StockReportView; label: string; empty: string }[] = [
  { value: 'valuation', label: 'Valor al costo', empty: 'No hay variantes con stock.' },
  { value: 'days', label: 'Días de stock', empty: 'No hay variantes con stock ni ventas.' },
  { value: 'dead', label: 'Sin ventas (stock quieto)', empty: 'Todas las variantes con stock se vendieron en el período.' },
  { value: 'reorder', label: 'Para reponer', empty: 'Ninguna variante se agota antes de que llegue una compra.' },
];

const decimal = (value: number) => value.toLocaleString('es-AR', { maximumFractionDigits: 2 });

/** A whole number in a range, or the field's Spanish message. */
function wholeIn(text: string, min: number, max: number, message: string): string | null {
  const n = Number(text.trim());
  return /^\d{1,3}$/.test(text.trim()) && n >= min && n <= max ? null : message;
}

/**
 * 'Stock' (the owner's): per variant, how many days its units last at the rate it sold, the units that did not sell
 * in the period (stock quieto), and what to reorder before it runs out within the supplier's lead time.
 */
export function StockReportCard() {
  const { categories } = useCategories();
  const [view, setView] = useState<StockReportView>('reorder');
  const [category, setCategory] = useState('');
  const [daysText, setDaysText] = useState(String(STOCK_REPORT_DEFAULT_WINDOW.reorder));
  const [leadText, setLeadText] = useState(String(STOCK_REPORT_DEFAULT_LEAD_DAYS));
  const [errors, setErrors] = useState<{ days?: string; lead?: string }>({});
  const [asked, setAsked] = useState<StockReportFilters | null>(null);
  const report = useQuery({
    ...stockReportQueries.of(asked ?? { view: 'days', days: 30, leadDays: 21, category: '', page: 1 }),
    enabled: asked !== null,
    placeholderData: keepPreviousData,
  });

  function chooseView(next: string) {
    const chosen = VIEWS.find((v) => v.value === next)?.value ?? 'days';
    setView(chosen);
    setDaysText(String(STOCK_REPORT_DEFAULT_WINDOW[chosen]));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const days = wholeIn(daysText, 1, 365, STOCK_REPORT_MSG.days) ?? undefined;
    const lead = view === 'reorder' ? (wholeIn(leadText, 1, 180, STOCK_REPORT_MSG.leadDays) ?? undefined) : undefined;
    setErrors({ days, lead });
    if (days || lead) return;
    setAsked({
      view,
      category,
      days: Number(daysText),
      leadDays: view === 'reorder' ? Number(leadText) : STOCK_REPORT_DEFAULT_LEAD_DAYS,
      page: 1,
    });
  }

  const data = report.data;
  const shown = VIEWS.find((v) => v.value === data?.view);
  return (
    <DetailCard headingId="stock-report-title" title="Stock" icon={Boxes} testId="stock-report">
      <p className="muted">
        Cuánto vale el stock al costo, cuánto dura cada variante al ritmo en que se vende, qué no se vendió y qué reponer antes de que se
        agote.
      </p>
      <form className="size-curve-form" onSubmit={submit} noValidate aria-label="Reporte de stock">
        <SelectField id="stock-report-view" label="Reporte" value={view} onChange={chooseView}>
          {VIEWS.map((v) => (
            <option key={v.value} value={v.value}>
              {v.label}
            </option>
          ))}
        </SelectField>
        <SelectField id="stock-report-category" label="Categoría" value={category} onChange={setCategory}>
          <option value="">Todas</option>
          {categories.map((c) => (
            <option key={c.name} value={c.name}>
              {c.display_name || c.name}
            </option>
          ))}
        </SelectField>
        <InputField id="stock-report-days" label="Días de ventas" numeric value={daysText} onChange={setDaysText} error={errors.days} />
        {view === 'reorder' && (
          <InputField
            id="stock-report-lead"
            label="Días de entrega del proveedor"
            numeric
            value={leadText}
            onChange={setLeadText}
            error={errors.lead}
          />
        )}
        <button type="submit" className="btn btn-primary">
          Ver reporte
        </button>
      </form>
      {asked && (
        <QueryStates
          query={report}
          texts={{
            loading: 'Calculando el stock...',
            failure: 'Error al cargar el reporte de stock',
            emptyTitle: shown?.empty ?? 'Sin filas',
            emptyText: `Ventas de los últimos ${asked.days} días.`,
          }}
          empty={!data || data.total === 0}
        >
          {data && (
            <div aria-live="polite">
              <p className="muted" data-testid="stock-report-summary">
                {data.total} {data.total === 1 ? 'variante' : 'variantes'} · ventas de los últimos {data.days} días
                {data.view === 'reorder' ? ` · el proveedor tarda ${data.leadDays} días` : ''}.
              </p>
              {data.view === 'valuation' && (
                <p className="size-curve-sentence" data-testid="stock-valuation">
                  {formatPrice(data.valuation.value)} al costo · {data.valuation.valuedUnits} de {data.valuation.units} unidades con costo
                  cargado
                </p>
              )}
              <DataTable
                testId="stock-report-table"
                wide
                caption={`${shown?.label ?? 'Stock'}: página ${data.page} de ${data.pageCount}`}
                columns={['Producto', 'Variante', 'SKU', 'Stock', 'Vendidas', 'Por día', 'Días de stock', 'Sugerido', 'Costo', 'Valor']}
              >
                {data.rows.map((row) => (
                  <tr key={`${row.productId}-${row.sku}`}>
                    <td data-label="Producto">{row.title}</td>
                    <td data-label="Variante">{variantLabel(row) || '—'}</td>
                    <td data-label="SKU">{row.sku}</td>
                    <td data-label="Stock">{row.stock}</td>
                    <td data-label="Vendidas">{row.sold}</td>
                    <td data-label="Por día">{decimal(row.perDay)}</td>
                    <td data-label="Días de stock">{row.daysOfStock === null ? '—' : decimal(row.daysOfStock)}</td>
                    <td data-label="Sugerido">{row.suggested ?? '—'}</td>
                    <td data-label="Costo">{row.unitCost === null ? 'Sin costo' : formatPrice(row.unitCost)}</td>
                    <td data-label="Valor">{row.value === null ? '—' : formatPrice(row.value)}</td>
                  </tr>
                ))}
              </DataTable>
              <Pagination
                page={data.page}
                totalPages={data.pageCount}
                onChange={(page) => setAsked({ ...asked, page })}
                label="Páginas del reporte de stock"
              />
              <ExportButton
                url="/reports/stock.csv"
                params={stockReportParams(asked, false)}
                baseName={`stock-${asked.view}`}
                what="el reporte de stock"
              />
            </div>
          )}
        </QueryStates>
      )}
    </DetailCard>
  );
}
