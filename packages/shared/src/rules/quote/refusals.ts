/** Why a cart cannot be priced as asked, and the Spanish messages the shopper reads. */

export type QuoteRefusalKind =
  /** Unknown or inactive product. */
  | 'product'
  /** The product has sizes and the line chose none. */
  | 'sizeMissing'
  /** The line names a colour, colour × size or SKU the product does not sell, or an inactive variant. */
  | 'variant'
  /** The product does not offer the line's size. */
  | 'size'
  | 'stock'
  /** More units of one product than one order may take. */
  | 'cap'
  /** A delivery or payment option the owner switched off. */
  | 'option'
  | 'zone'
  | 'meetingPoint';

/** Why a cart cannot be priced as asked (Spanish message for the shopper). */
export class QuoteRefusal extends Error {
  constructor(
    readonly kind: QuoteRefusalKind,
    message: string,
  ) {
    super(message);
    this.name = 'QuoteRefusal';
  }
}

/** `variant`: the colour and size when the product sells several colours ("quedan 2 de Negro 85B"). */
export function insufficientStockMessage(title: string, left: number, size?: string | null, variant?: string | null): string {
  if (variant) return `Stock insuficiente para "${title}". Quedan ${Math.max(0, left)} de ${variant}`;
  const where = size ? ` en talla ${size}` : '';
  return `Stock insuficiente para "${title}"${where} (quedan ${Math.max(0, left)})`;
}

export function missingSizeMessage(title: string, size: string | null): string {
  return size ? `La talla ${size} no existe para "${title}"` : `Elige una talla para "${title}"`;
}

export function unitsPerProductMessage(title: string, cap: number, quantity: number): string {
  return `Puedes llevar hasta ${cap} ${cap === 1 ? 'unidad' : 'unidades'} de "${title}" por pedido (pediste ${quantity})`;
}
