import { useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Receipt } from 'lucide-react';
import { SALES_GROUPS, SALES_REPORT_MSG, formatPrice, isTimeGroup, type SalesGroup } from '@shop/shared';
import { DataTable, QueryStates } from '@/components/data-table';
import { DetailCard } from '@/components/detail-card';
import { ExportButton } from '@/components/export-button';
import { InputField } from '@/components/form-field';
import { SelectField, choicesOf } from '@/components/select-field';
import { salesReportParams, salesReportQueries, type SalesReportFilters } from './api/sales-report';
import { PaymentFeeField } from './payment-fee-field';
import { SalesChart } from './sales-chart';

const GROUP_LABELS: Record<SalesGroup, string> = {
  product: 'Producto',
  variant: 'Variante',
  color: 'Color',
  size: 'Talle',
  category: 'Categoría',
  channel: 'Canal',
  day: 'Día',
  month: 'Mes',
};
const GROUPS = choicesOf(SALES_GROUPS, (group) => GROUP_LABELS[group]);

const money = (value: number | null) => (value === null ? '—' : formatPrice(value));
const shortDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

const TEXTS = {
  loading: 'Calculando las ventas...',
  failure: 'Error al cargar el reporte de ventas',
  emptyTitle: 'No hay ventas en el período',
  emptyText: 'Probá con un período más largo.',
};

/**
 * 'Ventas' (the owner's): the period's sales grouped, what they sold for, the discounts and refunds taken off, the
 * net, Mercado Pago's fees, and the cost and margin where the variants' costs are known; by day or month, a chart of
 * sales over time above the table.
 */
export function SalesReportCard() {
  const [groupBy, setGroupBy] = useState<SalesGroup>('product');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [asked, setAsked] = useState<SalesReportFilters | null>(null);
  const report = useQuery({
    ...salesReportQueries.of(asked ?? { groupBy: 'product', from: '', to: '' }),
    enabled: asked !== null,
    placeholderData: keepPreviousData,
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = from && to && from > to ? SALES_REPORT_MSG.badRange : null;
    setError(problem);
    if (!problem) setAsked({ groupBy, from, to });
  }

  const data = report.data;
  const groupLabel = GROUPS.find((g) => g.value === data?.groupBy)?.label ?? 'Grupo';
  return (
    <DetailCard headingId="sales-report-title" title="Ventas" icon={Receipt} testId="sales-report">
      <p className="muted">
        Lo vendido en el período, menos descuentos y devoluciones, con la comisión de Mercado Pago, el costo y el margen de las variantes
        que tienen costo cargado.
      </p>
      <PaymentFeeField />
      <form className="size-curve-form" onSubmit={submit} noValidate aria-label="Reporte de ventas">
        <SelectField id="sales-report-group" label="Agrupar por" value={groupBy} onChange={(v) => setGroupBy(v as SalesGroup)}>
          {GROUPS.map((g) => (
            <option key={g.value} value={g.value}>
              {g.label}
            </option>
          ))}
        </SelectField>
        <InputField id="sales-report-from" label="Desde" type="date" value={from} onChange={setFrom} note="sales-report-period" />
        <InputField id="sales-report-to" label="Hasta" type="date" value={to} onChange={setTo} error={error} note="sales-report-period" />
        <button type="submit" className="btn btn-primary">
          Ver ventas
        </button>
      </form>
      <p className="hint" id="sales-report-period">
        Sin fechas, los últimos 30 días. Por día o por mes, un gráfico muestra las ventas en el tiempo.
      </p>
      {asked && (
        <QueryStates
          query={report}
          texts={TEXTS}
          empty={!data || data.rows.length === 0 || (isTimeGroup(data.groupBy) && data.totals.units === 0)}
        >
          {data && (
            <div aria-live="polite">
              <p className="size-curve-sentence" data-testid="sales-report-total">
                {money(data.totals.net)} netos en {data.totals.units} {data.totals.units === 1 ? 'unidad' : 'unidades'}
                {data.totals.margin !== null ? ` · margen ${money(data.totals.margin)}` : ''}
              </p>
              <p className="muted">
                Del {shortDay(data.from)} al {shortDay(data.to)}.
                {data.totals.unitsWithoutCost > 0
                  ? ` ${data.totals.unitsWithoutCost} ${data.totals.unitsWithoutCost === 1 ? 'unidad vendida no tiene' : 'unidades vendidas no tienen'} costo cargado: el margen se muestra solo donde todas lo tienen.`
                  : ''}
              </p>
              {isTimeGroup(data.groupBy) && <SalesChart report={data} />}
              <DataTable
                testId="sales-report-table"
                wide
                caption={`Ventas por ${groupLabel.toLowerCase()}`}
                columns={[groupLabel, 'Unidades', 'Vendido', 'Descuentos', 'Devoluciones', 'Neto', 'Comisiones', 'Costo', 'Margen']}
              >
                {data.rows.map((row) => (
                  <tr key={row.key}>
                    <td data-label={groupLabel}>{row.label}</td>
                    <td data-label="Unidades">{row.units}</td>
                    <td data-label="Vendido">{money(row.gross)}</td>
                    <td data-label="Descuentos">{money(row.discounts)}</td>
                    <td data-label="Devoluciones">{money(row.refunds)}</td>
                    <td data-label="Neto">{money(row.net)}</td>
                    <td data-label="Comisiones">{money(row.fees)}</td>
                    <td data-label="Costo">{money(row.cost)}</td>
                    <td data-label="Margen">{money(row.margin)}</td>
                  </tr>
                ))}
              </DataTable>
              <ExportButton
                url="/reports/sales.csv"
                params={salesReportParams(asked)}
                baseName={`ventas-${asked.groupBy}`}
                what="las ventas"
              />
            </div>
          )}
        </QueryStates>
      )}
    </DetailCard>
  );
}
