import { ORDER_CHANNELS, ORDER_CHANNEL_LABELS, channelOf } from './channels.js';
import { z } from 'zod';
import { shopDayRange } from './order-number.js';
import { ORDER_STATUSES, PAYMENT_METHOD_LABELS, statusLabel } from './statuses.js';
import { arDateTime, type CsvValue } from './csv.js';
import { FULFILLMENT_MESSAGES, FULFILLMENT_STEPS, fulfillmentLabel } from './fulfillment.js';

/** The longest search text the export accepts (order number, name or e-mail). */
export const MAX_EXPORT_SEARCH = 100;

const EXPORT_MSG = {
  status: 'Estado de orden inválido',
  paymentMethod: 'El medio de pago debe ser cash, transfer o mercadopago',
  date: 'Fecha inválida: usa el formato AAAA-MM-DD',
  range: 'La fecha "desde" no puede ser posterior a la fecha "hasta"',
  search: `La búsqueda no puede superar ${MAX_EXPORT_SEARCH} caracteres ni tener caracteres de control`,
  repeated: 'Cada filtro se indica una sola vez',
  fulfillment: FULFILLMENT_MESSAGES.filter,
} as const;

const day = z
  .string({ error: EXPORT_MSG.date })
  .refine((v) => shopDayRange(v) !== null && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), EXPORT_MSG.date);
const single = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'string' ? v.trim() : v), schema.optional());

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * The filters of the orders export (query parameters, each once): those of the orders list (status, one day) plus
 * payment method, a search over order number, name and e-mail, and an Argentine date range `from`–`to`, both included.
 */
export const orderExportFiltersSchema = z
  .object({
    status: single(z.enum(ORDER_STATUSES, { error: EXPORT_MSG.status })),
    paymentMethod: single(z.enum(['cash', 'transfer', 'mercadopago'], { error: EXPORT_MSG.paymentMethod })),
    fulfillment: single(z.enum(FULFILLMENT_STEPS, { error: EXPORT_MSG.fulfillment })),
    channel: single(z.enum(ORDER_CHANNELS, { error: 'El canal debe ser web, whatsapp, instagram, local, phone, other o mercadolibre' })),
    search: single(
      z
        .string({ error: EXPORT_MSG.search })
        .max(MAX_EXPORT_SEARCH, EXPORT_MSG.search)
        .refine((v) => !CONTROL.test(v), EXPORT_MSG.search),
    ),
    date: single(day),
    from: single(day),
    to: single(day),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: EXPORT_MSG.range, path: ['from'] });
export type OrderExportFilters = z.infer<typeof orderExportFiltersSchema>;

/** Repeated query parameters (`?status=a&status=b`) are refused rather than guessed. */
export function repeatedFilter(query: Record<string, unknown>): string | null {
  return Object.values(query).some((v) => Array.isArray(v) || (typeof v === 'object' && v !== null)) ? EXPORT_MSG.repeated : null;
}

/** The instants a filter's days cover: from the start of `from` (or `date`) to the end of `to` (or `date`). */
export function exportTimeRange(filters: OrderExportFilters): { start?: Date; end?: Date } {
  const first = filters.from ?? filters.date;
  const last = filters.to ?? filters.date;
  return { start: first ? shopDayRange(first)?.start : undefined, end: last ? shopDayRange(last)?.end : undefined };
}

export const ORDER_EXPORT_HEADER = [
  'Número',
  'Fecha',
  'Estado',
  'Medio de pago',
  'Entrega',
  'Cliente',
  'Email',
  'Teléfono',
  'Dirección',
  'Ciudad',
  'Artículos',
  'Unidades',
  'Subtotal',
  'Envío',
  'Recargo efectivo',
  'Total',
  'Pagada el',
  // Last, so spreadsheets built on the earlier columns keep working.
  'Zona o punto de retiro',
  // Added with promotions, after the rest for the same reason.
  'Descuentos',
  'Detalle de descuentos',
  'Cupón',
  // Added with fulfilment (where the goods are, apart from the payment).
  'Estado de entrega',
  'Entregada el',
  // Added with sales taken by staff: where the sale was made and who took it.
  'Canal',
  'Tomada por',
  // Added with returns: the money returns gave back on this order (cambios y devoluciones) and the net sale.
  'Devuelto por cambios y devoluciones',
  'Venta neta',
] as const;

export interface ExportedOrder {
  orderNumber: string;
  createdAt: Date | string | number | null;
  status: string;
  paymentMethod: string;
  deliveryType: string | null;
  /** Snapshots stored with the order (the zone's or the meeting point's name). */
  zoneName?: string | null;
  meetingPointTitle?: string | null;
  shippingInfo: {
    fullName?: string | null;
    email?: string | null;
    phone?: string | null;
    address?: string | null;
    city?: string | null;
  } | null;
  items: { title?: string | null; quantity?: number | null; size?: string | null; color?: string | null; sku?: string | null }[];
  subtotal: number;
  shippingCost: number;
  cashFee: number;
  total: number;
  paidAt: Date | string | number | null;
  /** What promotions, the coupon and the payment method took off (orders older than promotions: none). */
  discountTotal?: number;
  discounts?: readonly { label: string; amount: number; kind?: string; code?: string }[];
  couponCode?: string | null;
  /** The fulfilment step and when it was delivered (orders not yet migrated: unfulfilled). */
  fulfillment?: string | null;
  deliveredAt?: Date | string | number | null;
  /** Where the sale was made (null: web, orders older than channels) and the staff member who took it. */
  channel?: string | null;
  createdByName?: string | null;
  /** The money returns of this order gave back (received ones with a refund). */
  returned?: number;
}

function itemText(item: ExportedOrder['items'][number]): string {
  const details = [item.size ? `talle ${item.size}` : '', item.color ?? '', item.sku ? `SKU ${item.sku}` : ''].filter(Boolean).join(', ');
  return `${item.quantity ?? 0} x ${item.title ?? ''}${details ? ` (${details})` : ''}`;
}

/** One order's cells, in the order of ORDER_EXPORT_HEADER (money in whole pesos). */
export function orderExportCells(order: ExportedOrder): CsvValue[] {
  const info = order.shippingInfo ?? {};
  const method = Object.hasOwn(PAYMENT_METHOD_LABELS, order.paymentMethod)
    ? PAYMENT_METHOD_LABELS[order.paymentMethod as keyof typeof PAYMENT_METHOD_LABELS]
    : '';
  return [
    order.orderNumber,
    arDateTime(order.createdAt),
    statusLabel(order.status),
    method,
    order.deliveryType === 'delivery'
      ? 'Envío a domicilio'
      : order.deliveryType === 'carrier'
        ? 'Envío a todo el país'
        : order.deliveryType === 'store'
          ? 'En el local'
          : 'Retiro',
    info.fullName ?? '',
    info.email ?? '',
    info.phone ?? '',
    info.address ?? '',
    info.city ?? '',
    order.items.map(itemText).join(' | '),
    order.items.reduce((sum, i) => sum + (i.quantity ?? 0), 0),
    order.subtotal,
    order.shippingCost,
    order.cashFee,
    order.total,
    arDateTime(order.paidAt),
    (order.deliveryType === 'delivery' ? order.zoneName : order.meetingPointTitle) ?? '',
    order.discountTotal ?? 0,
    (order.discounts ?? []).map((d) => `${d.label}: -${d.amount}`).join(' | '),
    order.couponCode ?? '',
    fulfillmentLabel(order.fulfillment),
    arDateTime(order.deliveredAt ?? null),
    ORDER_CHANNEL_LABELS[channelOf(order.channel)],
    order.createdByName ?? '',
    order.returned ?? 0,
    order.total - (order.returned ?? 0),
  ];
}

export const PRODUCT_EXPORT_HEADER = [
  'ID',
  'Producto',
  'Categoría',
  'Talle',
  'Stock',
  'Precio',
  'Descuento %',
  'Precio final',
  'Activo',
  'Peso embalado (g)',
  'Largo (cm)',
  'Ancho (cm)',
  'Alto (cm)',
] as const;

export interface ExportedProduct {
  documentId: string;
  title: string;
  category: string;
  price: number;
  discount: number;
  finalPrice: number;
  active: boolean;
  stock: number;
  /** Resolved per-size stock, in the product's size order; empty for a product without sizes. */
  stockBySize: Record<string, number>;
  /** The packed parcel (blank where the category's default applies). */
  parcel?: { weight: number | null; length: number | null; width: number | null; height: number | null };
}

/** One row per size with its stock; a product without sizes has one row with its single stock and no size. */
export function productExportRows(product: ExportedProduct): CsvValue[][] {
  const base = (size: string, stock: number): CsvValue[] => [
    product.documentId,
    product.title,
    product.category,
    size,
    stock,
    product.price,
    product.discount,
    product.finalPrice,
    product.active ? 'Sí' : 'No',
    product.parcel?.weight ?? '',
    product.parcel?.length ?? '',
    product.parcel?.width ?? '',
    product.parcel?.height ?? '',
  ];
  const sizes = Object.entries(product.stockBySize);
  return sizes.length === 0 ? [base('', product.stock)] : sizes.map(([size, stock]) => base(size, stock));
}
