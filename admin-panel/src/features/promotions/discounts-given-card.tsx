import { useQuery } from '@tanstack/react-query';
import { formatPrice } from '@shop/shared';
import { promotionQueries } from './api/promotions-api';

const KIND_LABELS = { promotion: 'Promociones', coupon: 'Cupones', payment_method: 'Medio de pago' } as const;

/**
 * Dashboard: what promotions, coupons and payment discounts gave away in 30 days (orders not cancelled), and the
 * largest lines. Absent while nothing was given (most shops before their first promotion) or when it cannot be read.
 */
export function DiscountsGivenCard() {
  const given = useQuery(promotionQueries.given());
  if (!given.data || given.data.lines.length === 0) return null;
  const { totals, lines } = given.data;
  return (
    <section className="card discounts-given" aria-labelledby="discounts-given-title" data-testid="discounts-given">
      <h2 id="discounts-given-title" className="card-title">
        Descuentos otorgados (30 días)
      </h2>
      <dl>
        {(Object.keys(KIND_LABELS) as (keyof typeof KIND_LABELS)[]).map((kind) => (
          <div key={kind}>
            <dt className="muted small">{KIND_LABELS[kind]}</dt>
            <dd>{formatPrice(totals[kind])}</dd>
          </div>
        ))}
      </dl>
      <ol>
        {lines.slice(0, 5).map((line) => (
          <li key={`${line.kind}-${line.code}`}>
            {line.label}: {formatPrice(line.amount)} en {line.orders} {line.orders === 1 ? 'pedido' : 'pedidos'}
          </li>
        ))}
      </ol>
    </section>
  );
}
