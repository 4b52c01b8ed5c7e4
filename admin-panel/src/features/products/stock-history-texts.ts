import { ADJUSTMENT_REASON_LABELS, STOCK_REASON_LABELS, type StockMovement } from '@shop/shared';

/** "Negro 90B", "90B", "Negro" or "Única" (a product without colours or sizes). */
export function variantName(variant: { color: string | null; size: string | null }): string {
  return [variant.color, variant.size].filter(Boolean).join(' ') || 'Única';
}

/** "Ajuste de stock · Rotura", "Pedido web". */
export function reasonText(movement: Pick<StockMovement, 'reason' | 'adjustment'>): string {
  const base = STOCK_REASON_LABELS[movement.reason];
  return movement.adjustment ? `${base} · ${ADJUSTMENT_REASON_LABELS[movement.adjustment]}` : base;
}

/** "+3", "−2" (a true minus sign), "0". */
export function signedUnits(quantity: number): string {
  if (quantity > 0) return `+${quantity}`;
  if (quantity < 0) return `\u2212${Math.abs(quantity)}`;
  return '0';
}

/** What a movement belongs to, as the history's column reads it. */
export function referenceText(reference: StockMovement['reference']): string {
  if (!reference) return '—';
  if (reference.kind === 'order') return `Orden ${reference.label ?? ''}`.trim();
  if (reference.kind === 'return') return `Cambio/devolución ${reference.label ?? ''}`.trim();
  if (reference.kind === 'purchase') return reference.label ?? 'Ingreso de mercadería';
  return reference.label ?? 'Planilla de stock';
}

/** Who moved the units: the staff member's e-mail, else the shop itself. */
export function staffText(staff: StockMovement['staff']): string {
  return staff?.email ?? (staff?.id !== null && staff?.id !== undefined ? `Usuario #${staff.id}` : 'La tienda');
}
