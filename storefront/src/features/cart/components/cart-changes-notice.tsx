import type { CartChanges } from '../cart-rules';

export const CART_CHANGE_TEXTS = {
  prices: 'Actualizamos los precios de tu carrito según el catálogo.',
  removed: 'Quitamos del carrito productos que ya no están disponibles.',
  capped: 'Ajustamos cantidades al stock disponible.',
} as const;

/** Polite live region telling the shopper what the catalogue check changed; empty when nothing did. */
export function CartChangesNotice({ changes }: { changes: CartChanges }) {
  const lines: string[] = [];
  if (changes.pricesChanged) lines.push(CART_CHANGE_TEXTS.prices);
  if (changes.linesRemoved) lines.push(CART_CHANGE_TEXTS.removed);
  if (changes.quantitiesCapped) lines.push(CART_CHANGE_TEXTS.capped);
  return (
    <div role="status" aria-live="polite" data-testid="cart-changes-notice">
      {lines.length > 0 && (
        <div className="notice notice--warning">
          {lines.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      )}
    </div>
  );
}
