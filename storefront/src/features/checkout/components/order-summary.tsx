import { formatPrice, formatShipping, type OrderTotals } from '@shop/shared';

export interface SummaryLine {
  key: string;
  title: string;
  image?: string | null;
  quantity: number;
  price: number;
  size?: string | null;
  color?: string | null;
}

interface OrderSummaryProps {
  lines: readonly SummaryLine[];
  totals: OrderTotals;
  title?: string;
  showShipping?: boolean;
}

/** Items and figures of an order; shipping of 0 reads 'Gratis'. */
export function OrderSummary({ lines, totals, title = 'Resumen del pedido', showShipping = true }: OrderSummaryProps) {
  return (
    <div className="order-summary" data-testid="order-summary">
      <h2 className="order-summary__title">{title}</h2>
      <ul className="summary-lines">
        {lines.map((line) => (
          <li key={line.key} className="summary-line">
            {line.image && <img src={line.image} alt="" className="summary-line__image" loading="lazy" />}
            <div className="summary-line__info">
              <p className="summary-line__title">{line.title}</p>
              <p className="muted small">
                {[line.size ? `Talla: ${line.size}` : null, line.color ? `Color: ${line.color}` : null, `Cantidad: ${line.quantity}`]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
            </div>
            <p className="summary-line__total">{formatPrice(line.price * line.quantity)}</p>
          </li>
        ))}
      </ul>
      <dl className="totals">
        <div>
          <dt>Subtotal</dt>
          <dd data-testid="summary-subtotal">{formatPrice(totals.subtotal)}</dd>
        </div>
        {showShipping && (
          <div>
            <dt>Envío</dt>
            <dd data-testid="summary-shipping">{formatShipping(totals.shippingCost)}</dd>
          </div>
        )}
        {totals.cashFee > 0 && (
          <div>
            <dt>Recargo pago en efectivo</dt>
            <dd data-testid="summary-cash-fee">{formatPrice(totals.cashFee)}</dd>
          </div>
        )}
        <div className="totals__total">
          <dt>Total</dt>
          <dd data-testid="summary-total">{formatPrice(totals.total)}</dd>
        </div>
      </dl>
    </div>
  );
}
