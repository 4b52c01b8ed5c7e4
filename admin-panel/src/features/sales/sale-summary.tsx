import { Fragment } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatPrice } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { CashFeeTerm, Term } from '@/components/term';
import { quoteSale } from './api/sales-api';
import { discountPesos, pricingBody, type SaleForm } from './sale-model';

function useSaleQuote(form: SaleForm) {
  const body = pricingBody(form);
  return useQuery({
    queryKey: ['sales', 'quote', body],
    queryFn: () => quoteSale(body),
    enabled: form.lines.length > 0,
    retry: 0,
    placeholderData: (previous) => previous,
  });
}

/** The sale's total as the summary shows it (the quote minus the manual discount), or null while unknown. */
export function useSaleTotal(form: SaleForm): number | null {
  const quote = useSaleQuote(form);
  const q = form.lines.length > 0 && !quote.isError ? quote.data?.quote : undefined;
  if (!q) return null;
  return Math.max(0, q.total - Math.min(discountPesos(form, q.subtotal), q.total));
}

/** The quote's error, announced (the counter screen shows it the same way). */
export function QuoteError({ error }: { error: unknown }) {
  return (
    <p className="field-error" role="alert">
      {errorMessage(error, 'No se pudo calcular el total')}
    </p>
  );
}

/** The discounts the server applied, as rows of a totals list. */
export function DiscountRows({ discounts }: { discounts: readonly { kind: string; label: string; amount: number }[] }) {
  return discounts.map((d, i) => (
    <Fragment key={`${d.kind}-${i}`}>
      <dt>{d.label}</dt>
      <dd>-{formatPrice(d.amount)}</dd>
    </Fragment>
  ));
}

/** The live quote (POST /checkout/quote, the sale's own pricing) with the manual discount on top. */
export function SaleSummary({ form }: { form: SaleForm }) {
  const quote = useSaleQuote(form);
  if (form.lines.length === 0) return <p className="muted">Agregá productos para ver el total.</p>;
  if (quote.isError) return <QuoteError error={quote.error} />;
  const q = quote.data?.quote;
  if (!q) return <p className="muted">Calculando…</p>;
  const manual = Math.min(discountPesos(form, q.subtotal), q.total);
  return (
    <dl className="totals" aria-live="polite" data-testid="sale-totals">
      <dt>Subtotal</dt>
      <dd>{formatPrice(q.subtotal)}</dd>
      <DiscountRows discounts={q.discounts} />
      {manual > 0 && (
        <>
          <dt>Descuento manual</dt>
          <dd>-{formatPrice(manual)}</dd>
        </>
      )}
      <dt>Envío</dt>
      <dd>{q.shippingCost > 0 ? formatPrice(q.shippingCost) : 'Sin cargo'}</dd>
      <CashFeeTerm fee={q.cashFee} />
      <Term name="Total" className="grand" testId="sale-total">
        {formatPrice(Math.max(0, q.total - manual))}
      </Term>
    </dl>
  );
}
