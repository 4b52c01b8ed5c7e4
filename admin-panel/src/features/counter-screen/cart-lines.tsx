import { Minus, Plus, Trash2 } from 'lucide-react';
import { formatPrice, type QuoteAnswerQuote } from '@shop/shared';
import type { SaleLine } from '@/features/sales';
import { variantName } from './screen-model';

interface Props {
  lines: SaleLine[];
  /** The server's quote, for each line's price (absent while it is computed). */
  quote: QuoteAnswerQuote | undefined;
  onChange: (lines: SaleLine[]) => void;
}

const MAX_QUANTITY = 999;

/** The sale's lines with large −/+ steppers (touch and keyboard) and "Quitar". */
export function CartLines({ lines, quote, onChange }: Props) {
  if (lines.length === 0) return <p className="muted screen-empty">Escaneá un producto para empezar la venta.</p>;
  const step = (index: number, by: number) =>
    onChange(lines.map((l, i) => (i === index ? { ...l, quantity: Math.max(1, Math.min(MAX_QUANTITY, l.quantity + by)) } : l)));
  return (
    <ul className="screen-lines" aria-label="Productos de la venta" data-testid="screen-lines">
      {lines.map((line, index) => {
        const name = `${line.title} ${variantName(line)}`;
        const priced = quote?.items.find((q) => q.productId === line.productId && (q.sku ?? null) === line.sku);
        return (
          <li key={`${line.productId}-${line.sku ?? index}`} className="screen-line">
            <div className="screen-line-name">
              <strong>{line.title}</strong>
              <span className="cell-sub">
                {variantName(line)}
                {line.sku ? ` · SKU ${line.sku}` : ''}
              </span>
              {line.quantity > line.stock && <span className="field-error">Hay solo {line.stock} en stock</span>}
            </div>
            <div className="screen-stepper" role="group" aria-label={`Cantidad de ${name}`}>
              <button
                type="button"
                className="btn btn-secondary"
                aria-label={`Una unidad menos de ${name}`}
                disabled={line.quantity <= 1}
                onClick={() => step(index, -1)}
              >
                <Minus size={20} aria-hidden="true" />
              </button>
              <output aria-live="polite" data-testid={`screen-qty-${index}`}>
                {line.quantity}
              </output>
              <button
                type="button"
                className="btn btn-secondary"
                aria-label={`Una unidad más de ${name}`}
                disabled={line.quantity >= MAX_QUANTITY}
                onClick={() => step(index, 1)}
              >
                <Plus size={20} aria-hidden="true" />
              </button>
            </div>
            <span className="screen-line-price">{priced ? formatPrice(priced.lineTotal) : '…'}</span>
            <button
              type="button"
              className="icon-button"
              aria-label={`Quitar ${name}`}
              onClick={() => onChange(lines.filter((_, i) => i !== index))}
            >
              <Trash2 size={20} aria-hidden="true" />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
