import type { ManualOrderChannel, PaymentMethod, Product } from '@shop/shared';

/** The state of "Nueva venta" and the body it sends (POST /orders/manual, POST /checkout/quote). */

export interface SaleLine {
  productId: string;
  title: string;
  sku: string | null;
  color: string | null;
  size: string | null;
  quantity: number;
  /** Units of this colour × size in stock when it was added. */
  stock: number;
}

export interface SaleCustomer {
  fullName: string;
  phone: string;
  email: string;
  address: string;
  city: string;
}

export type SaleDelivery = 'store' | 'pickup' | 'delivery';

export interface SaleForm {
  channel: ManualOrderChannel;
  lines: SaleLine[];
  customer: SaleCustomer;
  deliveryType: SaleDelivery;
  meetingPointId: string;
  zoneId: string;
  paymentMethod: PaymentMethod;
  paidNow: boolean;
  discountKind: 'none' | 'percent' | 'amount';
  discountValue: string;
  discountReason: string;
  notes: string;
}

export const emptySale = (): SaleForm => ({
  channel: 'whatsapp',
  lines: [],
  customer: { fullName: '', phone: '', email: '', address: '', city: '' },
  deliveryType: 'store',
  meetingPointId: '',
  zoneId: '',
  paymentMethod: 'mercadopago',
  paidNow: false,
  discountKind: 'none',
  discountValue: '',
  discountReason: '',
  notes: '',
});

type Variant = NonNullable<Product['variants']>[number];

/** The variant a scanned or typed code names exactly (its SKU or barcode, any case), with its product. */
export function variantByCode(products: readonly Product[], code: string): { product: Product; variant: Variant } | null {
  const wanted = code.trim().toUpperCase();
  if (!wanted) return null;
  for (const product of products) {
    for (const variant of product.variants ?? []) {
      if (variant.sku.toUpperCase() === wanted || (variant.barcode ?? '').toUpperCase() === wanted) return { product, variant };
    }
  }
  return null;
}

export function lineOf(product: Product, variant: Variant): SaleLine {
  return {
    productId: product._id,
    title: product.title,
    sku: variant.sku,
    color: variant.color,
    size: variant.size,
    quantity: 1,
    stock: variant.stock,
  };
}

/** Adds a line, or one more unit of the same variant. */
export function addLine(lines: readonly SaleLine[], line: SaleLine): SaleLine[] {
  const same = lines.findIndex((l) => l.productId === line.productId && l.sku === line.sku);
  if (same === -1) return [...lines, line];
  return lines.map((l, i) => (i === same ? { ...l, quantity: l.quantity + line.quantity } : l));
}

/** The priced part of the body, shared by the quote and the sale. */
export function pricingBody(form: SaleForm) {
  return {
    items: form.lines.map((l) => ({
      productId: l.productId,
      quantity: l.quantity,
      ...(l.sku ? { sku: l.sku } : {}),
      ...(l.size ? { size: l.size } : {}),
      ...(l.color ? { color: l.color } : {}),
    })),
    paymentMethod: form.paymentMethod,
    deliveryType: form.deliveryType,
    ...(form.deliveryType === 'pickup' && form.meetingPointId ? { meetingPointId: form.meetingPointId } : {}),
    ...(form.deliveryType === 'delivery' && form.zoneId ? { zoneId: form.zoneId } : {}),
  };
}

export function discountOf(form: SaleForm): { percent: number; reason: string } | { amount: number; reason: string } | null {
  const value = Number(form.discountValue.replace(',', '.'));
  if (form.discountKind === 'none' || !Number.isFinite(value) || value <= 0) return null;
  const reason = form.discountReason.trim();
  return form.discountKind === 'percent' ? { percent: value, reason } : { amount: Math.round(value), reason };
}

/** What the manual discount takes off the quote (the server's rule: percent of the subtotal, to the peso). */
export function discountPesos(form: SaleForm, subtotal: number): number {
  const discount = discountOf(form);
  if (!discount) return 0;
  return 'percent' in discount ? Math.round((subtotal * discount.percent) / 100) : discount.amount;
}

export function saleBody(form: SaleForm) {
  const c = form.customer;
  const discount = discountOf(form);
  return {
    ...pricingBody(form),
    channel: form.channel,
    shippingInfo: {
      fullName: c.fullName.trim(),
      phone: c.phone.trim(),
      email: c.email.trim(),
      address: c.address.trim(),
      city: c.city.trim(),
    },
    ...(form.notes.trim() ? { notes: form.notes.trim() } : {}),
    ...(discount ? { manualDiscount: discount } : {}),
    ...(form.paidNow && form.paymentMethod !== 'mercadopago' ? { paidNow: true } : {}),
  };
}
