import type { Dispatch, SetStateAction } from 'react';
import { Minus, Plus } from 'lucide-react';
import type { Product, PublicVariant } from '@shop/shared';
import { colorStock, variantStock } from '../product-variants';

/** What can be bought of the chosen colour × size (or of the whole colour before a size is chosen). */
export interface StockState {
  /** The units the stepper and the cart stop at: the chosen variant's, else the colour's. */
  maxQuantity: number;
  /** A size is chosen and its variant in the chosen colour cannot be bought (no units, or paused). */
  sizeSoldOut: boolean;
  outOfStock: boolean;
}

export function stockState(
  product: Pick<Product, 'size' | 'stock'>,
  variants: readonly PublicVariant[],
  color: string | undefined,
  size: string | null,
): StockState {
  const chosen = size !== null || product.size.length === 0;
  const maxQuantity = chosen ? variantStock(variants, color, size) : colorStock(variants, color);
  const sizeSoldOut = size !== null && maxQuantity <= 0;
  return { maxQuantity, sizeSoldOut, outOfStock: product.stock <= 0 || maxQuantity <= 0 };
}

/** The line under the buy button: the units left (of the chosen size), or that there are none. */
function stockNote(size: string | null, outOfStock: boolean, units: number): string {
  if (!outOfStock) return size ? `Stock disponible en talla ${size}: ${units}` : `Stock disponible: ${units}`;
  return size && units <= 0 ? `Talla ${size} agotada por el momento.` : 'Producto sin stock por el momento.';
}

interface BuyRowProps {
  size: string | null;
  stock: StockState;
  quantity: number;
  setQuantity: Dispatch<SetStateAction<number>>;
  onAdd: () => void;
}

/** The quantity stepper, the add-to-cart button and the stock left under them. */
export function BuyRow({ size, stock, quantity, setQuantity, onAdd }: BuyRowProps) {
  const { maxQuantity, outOfStock } = stock;
  return (
    <>
      <div className="buy-row">
        <div className="stepper" role="group" aria-label="Cantidad">
          <button
            type="button"
            onClick={() => setQuantity((q) => Math.max(1, q - 1))}
            disabled={quantity <= 1 || outOfStock}
            aria-label="Restar una unidad"
          >
            <Minus size={16} aria-hidden="true" />
          </button>
          <output aria-live="polite" data-testid="quantity">
            {quantity}
          </output>
          <button
            type="button"
            onClick={() => setQuantity((q) => Math.min(maxQuantity, q + 1))}
            disabled={quantity >= maxQuantity || outOfStock}
            aria-label="Sumar una unidad"
          >
            <Plus size={16} aria-hidden="true" />
          </button>
        </div>
        <button
          type="button"
          className="btn btn--primary btn--lg buy-row__add"
          onClick={onAdd}
          disabled={outOfStock}
          data-testid="add-to-cart"
        >
          {outOfStock ? 'Sin stock' : 'Agregar al Carrito'}
        </button>
      </div>
      <p className="muted small" data-testid="stock-note">
        {stockNote(size, outOfStock, maxQuantity)}
      </p>
    </>
  );
}
