import { finalPrice, formatPrice, priceWithPaymentDiscount, savings } from '@shop/shared';

interface PriceTagProps {
  price: number;
  discount: number;
  size?: 'md' | 'lg';
  /** The percent off for paying by transfer (0: none): adds "$X con transferencia". */
  transferPercent?: number;
}

/** Final price, the struck original and 'Ahorrás $x' when discounted; the transfer price when the shop has one. */
export function PriceTag({ price, discount, size = 'md', transferPercent = 0 }: PriceTagProps) {
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
      {transferPercent > 0 && (
        <span className="price-tag__transfer" data-testid="transfer-price">
          <strong>{formatPrice(priceWithPaymentDiscount(final, transferPercent))}</strong> con transferencia
        </span>
      )}
    </div>
  );
}
