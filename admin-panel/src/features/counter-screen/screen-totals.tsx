import { Fragment } from 'react';
import { formatPrice } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import type { SaleLine } from '@/features/sales';
import type { useCounterQuote } from './use-counter-quote';

/** The server's totals in large type: subtotal, the discounts it applied, the total (before a cash fee, if any). */
export function ScreenTotals({ lines, quote }: { lines: SaleLine[]; quote: ReturnType<typeof useCounterQuote> }) {
  if (lines.length === 0)
    return (
      <p className="screen-grand muted" data-testid="screen-total">
        {formatPrice(0)}
      </p>
    );
  if (quote.isError) {
    return (
      <p className="field-error" role="alert">
        {errorMessage(quote.error, 'No se pudo calcular el total')}
      </p>
    );
  }
  const q = quote.data?.quote;
  if (!q) return <p className="muted">Calculando…</p>;
  const units = lines.reduce((sum, l) => sum + l.quantity, 0);
  return (
    <>
      <dl className="totals screen-totals">
        <dt>Subtotal ({units === 1 ? '1 unidad' : `${units} unidades`})</dt>
        <dd>{formatPrice(q.subtotal)}</dd>
        {q.discounts.map((d, i) => (
          <Fragment key={`${d.kind}-${i}`}>
            <dt>{d.label}</dt>
            <dd>-{formatPrice(d.amount)}</dd>
          </Fragment>
        ))}
      </dl>
      <p className="screen-grand" aria-live="polite" data-testid="screen-total">
        <span>Total</span> {formatPrice(q.total)}
      </p>
    </>
  );
}
