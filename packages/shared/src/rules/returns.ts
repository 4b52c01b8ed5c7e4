import { z } from 'zod';

/** Size exchanges and returns after delivery: the owner's policy, the steps, the reasons and the refusals. */

/** The policy in site content (`returns`); every field has a default, older content without it reads as these. */
export const returnsPolicySchema = z
  .object({
    enabled: z.boolean().catch(true).default(true),
    /** Days counted from the delivered step's time. */
    windowDays: z.number().int().min(1).max(365).catch(30).default(30),
    /** Only exchanges (no money back). */
    exchangeOnly: z.boolean().catch(false).default(false),
    /** Categories (their `name` or display name) that cannot be returned, e.g. Bombachas for hygiene. */
    nonReturnableCategories: z.array(z.string().trim().max(100)).max(50).catch([]).default([]),
    conditionsText: z
      .string()
      .max(5000)
      .catch('')
      .default('Las prendas deben estar sin uso, con sus etiquetas y en su empaque original. Por higiene, las bombachas no tienen cambio.'),
    shippingPaidBy: z.enum(['shop', 'shopper']).catch('shopper').default('shopper'),
    /** Units exchanged or returned for size a product needs before its fit note shows (rules/product-fit.ts). */
    fitMinimum: z.number().int().min(1).max(1000).catch(5).default(5),
  })
  .prefault({});
export type ReturnsPolicy = z.infer<typeof returnsPolicySchema>;

export const RETURN_STATUSES = ['requested', 'approved', 'rejected', 'received', 'closed'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
export const returnStatusSchema = z.enum(RETURN_STATUSES);

export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Pedido',
  approved: 'Aprobado',
  rejected: 'Rechazado',
  received: 'Recibido',
  closed: 'Cerrado',
};
export const returnStatusLabel = (status: string): string => RETURN_STATUS_LABELS[status as ReturnStatus] ?? status;

/** The steps each status may go to (`requested → approved | rejected → received → closed`). */
const NEXT: Record<ReturnStatus, readonly ReturnStatus[]> = {
  requested: ['approved', 'rejected'],
  approved: ['received'],
  rejected: [],
  received: ['closed'],
  closed: [],
};

/** 'same' when already there (a double click), 'ok' when allowed, else the Spanish refusal. */
export function returnStepCheck(from: ReturnStatus, to: ReturnStatus): 'same' | 'ok' | string {
  if (from === to) return 'same';
  if (NEXT[from].includes(to)) return 'ok';
  return `No se puede pasar un pedido de cambio de "${returnStatusLabel(from)}" a "${returnStatusLabel(to)}"`;
}

export const RETURN_REASONS = ['size_small', 'size_large', 'not_as_expected', 'defect', 'changed_mind', 'other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  size_small: 'Me quedó chico',
  size_large: 'Me quedó grande',
  not_as_expected: 'No es lo que esperaba',
  defect: 'Tiene una falla',
  changed_mind: 'Me arrepentí',
  other: 'Otro motivo',
};

export const RETURN_KINDS = ['exchange', 'return'] as const;
export type ReturnKind = (typeof RETURN_KINDS)[number];

export const RETURN_MESSAGES = {
  disabled: 'La tienda no recibe pedidos de cambio o devolución por la web: escribinos por WhatsApp',
  notDelivered: 'Solo se puede pedir un cambio o devolución de un pedido entregado',
  cancelled: 'El pedido está cancelado o reembolsado: no admite cambios ni devoluciones',
  outsideWindow: (days: number) => `Pasaron más de ${days} días desde la entrega: el plazo para cambios y devoluciones terminó`,
  nonReturnable: (title: string) => `"${title}" no tiene cambio ni devolución (por higiene o por la política de la tienda)`,
  tooMany: (title: string, left: number) =>
    left > 0
      ? `De "${title}" podés pedir como máximo ${left} unidad(es)`
      : `De "${title}" ya pediste cambio o devolución de todas las unidades`,
  noLine: 'Una de las prendas indicadas no está en el pedido',
  exchangeOnly: 'La tienda solo acepta cambios (no devoluciones de dinero)',
  exchangeVariant: 'Elegí el talle o color por el que querés cambiar',
  sameVariant: 'Para un cambio elegí otro talle o color',
  exchangeOut: (title: string, label: string, left: number) =>
    left > 0 ? `De "${title}" ${label} quedan ${left} unidad(es)` : `"${title}" ${label} está agotado`,
  contact: 'El e-mail o teléfono no coincide con el pedido',
  notFound: 'Pedido de cambio no encontrado',
  unsellable: 'Las prendas "no aptas para la venta" se indican al marcar el pedido como recibido',
  refundNotMercadoPago:
    'Este pedido no tiene un pago aprobado de Mercado Pago: devolvé el dinero con crédito en la tienda o por transferencia',
  refundStarted:
    'Ya se pidió este reembolso a Mercado Pago: volvé a marcarlo recibido con "Devolver por Mercado Pago" (Mercado Pago no lo devuelve dos veces)',
  cashRegister: 'Para devolver en efectivo elegí la caja de la que sale el dinero',
  registerOnlyCash: 'La caja se indica solo para devolver en efectivo',
} as const;

/** Whether `now` is within `windowDays` days of the delivery (null delivery: not delivered, so never). */
export function withinReturnWindow(deliveredAt: string | null, windowDays: number, now: Date = new Date()): boolean {
  if (!deliveredAt) return false;
  const at = new Date(deliveredAt).getTime();
  if (Number.isNaN(at)) return false;
  return now.getTime() - at <= windowDays * 24 * 60 * 60 * 1000;
}

/** A category name compared without case or accents. */
const categoryKey = (value: string) =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();

export function isNonReturnableCategory(
  category: string | null | undefined,
  policy: Pick<ReturnsPolicy, 'nonReturnableCategories'>,
): boolean {
  if (!category) return false;
  const key = categoryKey(category);
  return policy.nonReturnableCategories.some((name) => categoryKey(name) === key);
}

/**
 * What the shop gives back for returned units: what they cost on the order (line price × units) less their share
 * of the order's discounts, rounded down to whole pesos. Shipping is never given back.
 */
export function returnedValue(
  lines: readonly { price: number; quantity: number }[],
  order: { subtotal: number; discountTotal: number },
): number {
  const gross = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
  if (gross <= 0 || order.subtotal <= 0) return 0;
  const discount = Math.min(Math.max(order.discountTotal, 0), order.subtotal);
  return Math.floor((gross * (order.subtotal - discount)) / order.subtotal);
}

/** The return number: CD- and the day's sequence (CD-20240101-0001). */
export const formatReturnNumber = (day: string, value: number): string => `CD-${day}-${String(value).padStart(4, '0')}`;
