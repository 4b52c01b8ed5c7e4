import { finalPrice, netOfNationalTaxes, priceWithPaymentDiscount, vatRateFor, type Product, type SiteContent } from '@shop/shared';

/**
 * A public product answer with its prices without national taxes (Ley 27.743: "Precio sin impuestos nacionales"):
 * the price as shown (after the product's discount) and, when the shop gives a discount for paying by transfer, the
 * transfer price, each at the rate of the product's category or the shop's (site content `taxes`). Added as the answer
 * leaves, from the content of now: a change of rate shows at once, and no cached answer carries an old figure.
 */
export function withNetPrices(product: Product, content: SiteContent): Product {
  const rate = vatRateFor(product.category, content.taxes);
  const shown = finalPrice(product.price, product.discount);
  const { bankTransfer } = content.checkout.paymentInfo;
  const transferPercent = bankTransfer.enabled ? bankTransfer.discountPercent : 0;
  return {
    ...product,
    netPrice: netOfNationalTaxes(shown, rate),
    ...(transferPercent > 0 ? { netTransferPrice: netOfNationalTaxes(priceWithPaymentDiscount(shown, transferPercent), rate) } : {}),
  };
}
