import { finalPrice, formatPrice, savings } from '@shop/shared';

interface PriceTagProps {
  price: number;
  discount: number;
  size?: 'md' | 'lg';
}

/** Final price, the struck original and 'Ahorrás $x' when discounted. */
export function PriceTag({ price, discount, size = 'md' }: PriceTagProps) {
  const final = finalPrice(price, discount);
  const saved = savings(price, discount);
  return (
    <div className={`price-tag price-tag--${size}`}>
      <span className="price-tag__final">{formatPrice(final)}</span>
      {saved > 0 && (
        <>
          <s className="price-tag__original">
            <span className="visually-hidden">Precio anterior: </span>
            {formatPrice(price)}
          </s>
          <span className="price-tag__savings">Ahorrás {formatPrice(saved)}</span>
        </>
      )}
    </div>
  );
}
