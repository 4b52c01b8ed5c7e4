import type { ReactNode } from 'react';
import { formatPrice, formatShipping, NET_PRICE_LEGEND } from '@shop/shared';
import { SummaryLines, type SummaryLine } from '@/components/summary-lines';

/** An order's figures; `null` shipping or total while they are not known (shown as `unknownText`). */
export interface SummaryFigures {
  subtotal: number;
  shippingCost: number | null;
  cashFee: number;
  discounts?: readonly { label: string; amount: number }[];
  total: number | null;
}

interface OrderSummaryProps {
  lines: readonly SummaryLine[];
  totals: SummaryFigures;
  title?: string;
  showShipping?: boolean;
  /** What a figure not known yet reads. */
  unknownText?: string;
  /** Newer figures are on their way: these stay, marked busy. */
  busy?: boolean;
  /** "Precio sin impuestos nacionales" of the total (Ley 27.743), shown under it when known. */
  netTotal?: number | null;
  /** Below the figures (e.g. a note on how they were worked out). */
  children?: ReactNode;
}

/** Items and figures of an order; shipping of 0 reads 'Gratis'. */
export function OrderSummary({
  lines,
  totals,
  title = 'Resumen del pedido',
  showShipping = true,
  unknownText = 'A calcular',
  busy = false,
  netTotal = null,
  children,
}: OrderSummaryProps) {
  const figure = (amount: number | null, format: (value: number) => string = formatPrice) =>
    amount === null ? unknownText : format(amount);
  return (
    <div className="order-summary" data-testid="order-summary">
      <h2 className="order-summary__title">{title}</h2>
      <SummaryLines lines={lines} />
      <dl className={busy ? 'totals totals--busy' : 'totals'} aria-busy={busy || undefined}>
        <div>
          <dt>Subtotal</dt>
          <dd data-testid="summary-subtotal">{formatPrice(totals.subtotal)}</dd>
        </div>
        {totals.discounts?.map((discount) => (
          <div key={discount.label} data-testid="summary-discount">
            <dt>{discount.label}</dt>
            <dd>-{formatPrice(discount.amount)}</dd>
          </div>
        ))}
        {showShipping && (
          <div>
            <dt>Envío</dt>
            <dd data-testid="summary-shipping">{figure(totals.shippingCost, formatShipping)}</dd>
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
          <dd data-testid="summary-total">{figure(totals.total)}</dd>
        </div>
      </dl>
      {netTotal !== null && netTotal > 0 && totals.total !== null && (
        <p className="price-tag__net" data-testid="summary-net-total">
          {NET_PRICE_LEGEND}: {formatPrice(netTotal)}
        </p>
      )}
      {children}
    </div>
  );
}
