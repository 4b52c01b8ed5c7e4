import { formatPrice } from '@shop/shared';
import { DiscountRows, QuoteError, type SaleLine } from '@/features/sales';
import type { useCounterQuote } from './use-counter-quote';

/** The server's totals in large type: subtotal, the discounts it applied, the total (before a cash fee, if any). */
export function ScreenTotals({ lines, quote }: { lines: SaleLine[]; quote: ReturnType<typeof useCounterQuote> }) {
  if (lines.length === 0)
    return (
      <p className="screen-grand muted" data-testid="screen-total">
        {formatPrice(0)}
      </p>
    );
  if (quote.isError) return <QuoteError error={quote.error} />;
  const q = quote.data?.quote;
  if (!q) return <p className="muted">Calculando…</p>;
  const units = lines.reduce((sum, l) => sum + l.quantity, 0);
  return (
    <>
      <dl className="totals screen-totals">
        <dt>Subtotal ({units === 1 ? '1 unidad' : `${units} unidades`})</dt>
        <dd>{formatPrice(q.subtotal)}</dd>
        <DiscountRows discounts={q.discounts} />
      </dl>
      <p className="screen-grand" aria-live="polite" data-testid="screen-total">
        <span>Total</span> {formatPrice(q.total)}
      </p>
    </>
  );
}
