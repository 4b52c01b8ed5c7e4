import { vatRateFor } from '@shop/shared';
import { useSiteContent } from './get-content';

/** The VAT rate the prices of a `category` include (its own, or the shop's): for "Precio sin impuestos nacionales". */
export function useVatRate(category: string): number {
  const { content } = useSiteContent();
  return vatRateFor(category, content.taxes);
}
