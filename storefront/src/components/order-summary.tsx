import { formatPrice, formatShipping, type OrderTotals } from '@shop/shared';
import { SummaryLines, type SummaryLine } from '@/components/summary-lines';

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
      <SummaryLines lines={lines} />
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
