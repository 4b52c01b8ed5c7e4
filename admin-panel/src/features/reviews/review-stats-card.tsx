import { useQuery } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import type { ReviewStatsAnswer } from '@shop/shared';
import { DataTable, QueryStates, TableHead } from '@/components/data-table';
import { DetailCard } from '@/components/detail-card';
import { reviewStatsQueries } from './api/review-stats';
import './review-stats.css';

const TEXTS = {
  loading: 'Cargando las opiniones del producto...',
  failure: 'Error al cargar las opiniones del producto',
  emptyTitle: 'Todavía no hay opiniones aprobadas de este producto',
  emptyText: 'Cuando apruebes opiniones de compradoras, acá ves sus estrellas por mes y cómo le quedó cada talle.',
};

const MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];
/** "2026-11" → "nov 2026". */
const monthLabel = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1] ?? month} ${month.slice(0, 4)}`;
const decimal = (n: number) => String(n).replace('.', ',');
const reviewsText = (n: number) => `${n} ${n === 1 ? 'opinión' : 'opiniones'}`;

/** "8 justo, 3 chico, 1 grande" (the answers there are). */
export function fitAnswers(fit: { small: number; true: number; large: number }): string {
  const parts = [
    [fit.true, 'justo'],
    [fit.small, 'chico'],
    [fit.large, 'grande'],
  ] as const;
  return (
    parts
      .filter(([n]) => n > 0)
      .map(([n, word]) => `${n} ${word}`)
      .join(', ') || '—'
  );
}

function Months({ months }: { months: ReviewStatsAnswer['months'] }) {
  const most = Math.max(1, ...months.map((m) => m.count));
  // Three short columns: a plain table also at 390 px (twelve stacked cards would be a long scroll).
  return (
    <div className="table-scroll">
      <table className="table" data-testid="review-stats-months">
        <caption className="visually-hidden">Estrellas por mes, últimos 12 meses</caption>
        <TableHead columns={['Mes', 'Opiniones', 'Promedio']} />
        <tbody>
          {months.map((m) => (
            <tr key={m.month}>
              <td>{monthLabel(m.month)}</td>
              <td>
                <span className="review-stats-count">
                  <span className="review-stats-bar" aria-hidden="true">
                    <span style={{ width: `${Math.round((m.count / most) * 100)}%` }} />
                  </span>
                  {m.count}
                </span>
              </td>
              <td>{m.average === null ? '—' : `${decimal(m.average)} ★`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The reviews' answers by the size bought, beside the exchanges the fit report counts (when the role reads reports). */
function BySize({ stats }: { stats: ReviewStatsAnswer }) {
  const exchanges = stats.exchanges;
  const moved = (exchanges?.sizes ?? []).filter((s) => s.up + s.down + s.exchanged > 0).map((s) => s.size);
  const sizes = [...new Set([...stats.bySize.map((s) => s.size), ...moved])];
  // In the product's order (the fit report's), sizes only the reviews know last.
  const order = (exchanges?.sizes ?? []).map((s) => s.size);
  const rank = (size: string) => (order.includes(size) ? order.indexOf(size) : order.length);
  sizes.sort((a, b) => rank(a) - rank(b));
  const columns = ['Talle', 'Opiniones', ...(exchanges ? ['Cambió a uno más', 'Cambió a uno menos'] : [])];
  return (
    <DataTable testId="review-stats-sizes" caption="Calce por talle comprado" columns={columns}>
      {sizes.map((size) => {
        const fit = stats.bySize.find((s) => s.size === size) ?? { small: 0, true: 0, large: 0 };
        const moves = exchanges?.sizes.find((s) => s.size === size);
        return (
          <tr key={size}>
            <td data-label="Talle">{size}</td>
            <td data-label="Opiniones">{fitAnswers(fit)}</td>
            {exchanges && <td data-label="Cambió a uno más">{moves?.up ?? 0}</td>}
            {exchanges && <td data-label="Cambió a uno menos">{moves?.down ?? 0}</td>}
          </tr>
        );
      })}
    </DataTable>
  );
}

/**
 * 'Opiniones' of a product being edited: the approved reviews' stars of each of the last 12 months and how each size
 * bought fitted ("90B: 8 justo, 3 chico, 1 grande"), beside the exchanges the fit report counts (the owner's).
 */
export function ReviewStatsCard({ productId }: { productId: string }) {
  const stats = useQuery(reviewStatsQueries.forProduct(productId));
  const data = stats.data;
  const total = data ? data.months.reduce((n, m) => n + m.count, 0) : 0;
  return (
    <DetailCard headingId="review-stats-title" title="Opiniones" icon={Star} testId="review-stats">
      <div className="review-stats">
        <QueryStates query={stats} texts={TEXTS} empty={!data || (total === 0 && data.bySize.length === 0)}>
          {data && (
            <>
              <p data-testid="review-stats-summary">
                {reviewsText(total)} aprobadas en los últimos 12 meses.
                {data.exchanges &&
                  ` Cambios de talle: ${data.exchanges.exchanged} de ${data.exchanges.sold} ${data.exchanges.sold === 1 ? 'prenda vendida' : 'prendas vendidas'}; subieron ${data.exchanges.up}, bajaron ${data.exchanges.down}.`}
              </p>
              <h3>Estrellas por mes</h3>
              <Months months={data.months} />
              <h3>Calce por talle comprado</h3>
              {data.bySize.length === 0 && !data.exchanges ? (
                <p className="muted">Sin respuestas sobre el calce todavía.</p>
              ) : (
                <BySize stats={data} />
              )}
            </>
          )}
        </QueryStates>
      </div>
    </DetailCard>
  );
}
