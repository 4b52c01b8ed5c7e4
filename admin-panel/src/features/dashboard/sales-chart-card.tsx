import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { TrendingUp } from 'lucide-react';
import { SALES_PERIODS, formatPrice, type SalesPeriod } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { TableHead } from '@/components/data-table';
import { insightQueries } from './api/insight';
import { ChannelSplit, dayChannels } from './channel-split';

// The chart library is heavy: its own chunk, fetched when the dashboard shows the chart, by no other screen.
const SalesChart = lazy(() => import('./sales-chart'));

/** `2026-11-22` -> `22/11/2026`. */
const longDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/**
 * Orders, paid revenue, returns and net sales per Argentine day over the last 30 or 90 days. The same figures are in a table that screen
 * readers always read (visually hidden until 'Ver como tabla').
 */
export function SalesChartCard() {
  const [days, setDays] = useState<SalesPeriod>(30);
  const [asTable, setAsTable] = useState(false);
  const sales = useQuery({ ...insightQueries.dailySales(days), retry: 0 });
  const series = sales.data?.days ?? [];

  return (
    <section className="card sales-card" aria-labelledby="sales-title" data-testid="sales-chart-card">
      <div className="card-header">
        <h2 id="sales-title" className="with-icon">
          <TrendingUp size={18} aria-hidden="true" /> Órdenes y ventas netas por día
        </h2>
        <div className="segmented" role="group" aria-label="Período">
          {SALES_PERIODS.map((period) => (
            <button key={period} type="button" className="btn btn-sm" aria-pressed={days === period} onClick={() => setDays(period)}>
              {period} días
            </button>
          ))}
        </div>
      </div>
      {sales.isPending ? (
        <p className="muted">Cargando...</p>
      ) : sales.isError ? (
        <p className="export-error" role="alert">
          {errorMessage(sales.error, 'Error al obtener las ventas por día')}
        </p>
      ) : (
        <>
          <p className="sales-totals" data-testid="sales-totals">
            <span>
              <strong>{sales.data.totalOrders}</strong> órdenes
            </span>
            <span>
              <strong>{formatPrice(sales.data.totalRevenue)}</strong> cobrados
            </span>
            {(sales.data.totalReturns ?? 0) > 0 && (
              <span data-testid="sales-returns">
                <strong>−{formatPrice(sales.data.totalReturns ?? 0)}</strong> devueltos por cambios y devoluciones
              </span>
            )}
            <span data-testid="sales-net">
              <strong>{formatPrice(sales.data.netRevenue ?? sales.data.totalRevenue)}</strong> ventas netas
            </span>
          </p>
          <ChannelSplit split={sales.data.byChannel} label={`Ventas por canal, últimos ${days} días`} />
          <div className="sales-chart" aria-hidden="true">
            <Suspense fallback={<p className="muted">Cargando gráfico...</p>}>
              <SalesChart days={series} />
            </Suspense>
          </div>
          <button type="button" className="btn btn-ghost btn-sm" aria-pressed={asTable} onClick={() => setAsTable((v) => !v)}>
            {asTable ? 'Ocultar tabla' : 'Ver como tabla'}
          </button>
          <div className={asTable ? 'table-wrap sales-table' : 'visually-hidden'}>
            <table data-testid="sales-table">
              <caption>{`Órdenes, ingresos pagados, devoluciones y ventas netas por día, últimos ${days} días`}</caption>
              <TableHead columns={['Día', 'Órdenes', 'Ingresos pagados', 'Devoluciones', 'Ventas netas', 'Órdenes por canal']} />
              <tbody>
                {[...series].reverse().map((d) => (
                  <tr key={d.day}>
                    <th scope="row">{longDay(d.day)}</th>
                    <td>{d.orders}</td>
                    <td>{formatPrice(d.revenue)}</td>
                    <td>{formatPrice(d.returns ?? 0)}</td>
                    <td>{formatPrice(d.netRevenue ?? d.revenue)}</td>
                    <td>{dayChannels(d.byChannel)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
