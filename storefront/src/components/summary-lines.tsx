import { formatPrice } from '@shop/shared';

export interface SummaryLine {
  key: string;
  title: string;
  image?: string | null;
  quantity: number;
  price: number;
  size?: string | null;
  color?: string | null;
}

/** The products of a cart or an order: picture, title, size · colour · quantity, and line total. */
export function SummaryLines({ lines }: { lines: readonly SummaryLine[] }) {
  return (
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
  );
}
