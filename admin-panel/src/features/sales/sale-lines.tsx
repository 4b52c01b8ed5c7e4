import { Trash2 } from 'lucide-react';
import type { SaleLine } from './sale-model';

interface Props {
  lines: SaleLine[];
  onChange: (lines: SaleLine[]) => void;
}

const variantName = (l: SaleLine) => [l.color, l.size ? `talle ${l.size}` : null].filter(Boolean).join(' · ') || 'Único';

/** The sale's lines: quantity (at most the stock shown) and "Quitar". */
export function SaleLines({ lines, onChange }: Props) {
  if (lines.length === 0) return <p className="muted">Todavía no agregaste productos.</p>;
  const setQuantity = (index: number, quantity: number) =>
    onChange(lines.map((l, i) => (i === index ? { ...l, quantity: Math.max(1, Math.min(999, Math.round(quantity) || 1)) } : l)));
  return (
    <ul className="sale-lines" aria-label="Productos de la venta" data-testid="sale-lines">
      {lines.map((line, index) => {
        const id = `sale-qty-${index}`;
        return (
          <li key={`${line.productId}-${line.sku ?? index}`} className="sale-line">
            <div className="sale-line-name">
              <strong>{line.title}</strong>
              <span className="cell-sub">
                {variantName(line)}
                {line.sku ? ` · SKU ${line.sku}` : ''} · {line.stock} en stock
              </span>
              {line.quantity > line.stock && <span className="field-error">Hay solo {line.stock} en stock</span>}
            </div>
            <div className="sale-line-actions">
              <label htmlFor={id} className="visually-hidden">
                Cantidad de {line.title} {variantName(line)}
              </label>
              <input
                id={id}
                type="number"
                min={1}
                max={999}
                value={line.quantity}
                onChange={(e) => setQuantity(index, Number(e.target.value))}
              />
              <button
                type="button"
                className="icon-button"
                aria-label={`Quitar ${line.title} ${variantName(line)}`}
                onClick={() => onChange(lines.filter((_, i) => i !== index))}
              >
                <Trash2 size={18} aria-hidden="true" />
              </button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
