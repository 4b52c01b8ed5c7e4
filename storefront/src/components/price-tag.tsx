import { finalPrice, formatPrice, NET_PRICE_LEGEND, netOfNationalTaxes, priceWithPaymentDiscount, savings } from '@shop/shared';

interface PriceTagProps {
  price: number;
  discount: number;
  size?: 'md' | 'lg';
  /** The percent off for paying by transfer (0: none): adds "$X con transferencia". */
  transferPercent?: number;
  /**
   * The VAT rate the price includes: adds, in smaller type, the price without national taxes (Ley 27.743), and the
   * transfer price's own.
   */
  vatRate: number;
}

/** Final price, the struck original and 'Ahorrás $x' when discounted; the transfer price when the shop has one. */
export function PriceTag({ price, discount, size = 'md', transferPercent = 0, vatRate }: PriceTagProps) {
  const final = finalPrice(price, discount);
  const saved = savings(price, discount);
  const transfer = priceWithPaymentDiscount(final, transferPercent);
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
      <span className="price-tag__net" data-testid="net-price">
        {NET_PRICE_LEGEND}: {formatPrice(netOfNationalTaxes(final, vatRate))}
      </span>
      {transferPercent > 0 && (
        <>
          <span className="price-tag__transfer" data-testid="transfer-price">
            <strong>{formatPrice(transfer)}</strong> con transferencia
          </span>
          <span className="price-tag__net" data-testid="net-transfer-price">
            {NET_PRICE_LEGEND}: {formatPrice(netOfNationalTaxes(transfer, vatRate))}
          </span>
        </>
      )}
    </div>
  );
}
