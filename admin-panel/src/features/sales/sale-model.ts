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
  /** She asked for the order's news on WhatsApp (the phone must then be a mobile); off unless staff tick it. */
  whatsappOptIn: boolean;
  /** A counter sale (delivery `store`): the register whose open session takes it ('' = none), and "Paga con". */
  registerId: string;
  tendered: string;
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
  whatsappOptIn: false,
  registerId: '',
  tendered: '',
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

/** Whether the sale is charged at a register: store delivery, cash or transfer, a register chosen. */
export function atRegister(form: SaleForm): boolean {
  return form.registerId !== '' && form.deliveryType === 'store' && form.paymentMethod !== 'mercadopago';
}

/** "Paga con" in whole pesos (0 when empty). */
export function tenderedPesos(form: SaleForm): number {
  const digits = form.tendered.replace(/\D/g, '');
  return digits === '' ? 0 : Number.parseInt(digits, 10);
}

/** The change of a cash sale at the register, or null when "Paga con" is empty or short. */
export function changeFor(form: SaleForm, total: number): number | null {
  const tendered = tenderedPesos(form);
  return form.paymentMethod === 'cash' && tendered >= total && tendered > 0 ? tendered - total : null;
}

/** A counter sale's part of the body: the register and one payment of the whole total (with "Paga con" for cash). */
export function counterBody(form: SaleForm, total: number | null) {
  if (!atRegister(form) || total === null) return {};
  const method = form.paymentMethod === 'cash' ? 'cash' : 'transfer';
  const tendered = tenderedPesos(form);
  return {
    registerId: Number(form.registerId),
    payments: [{ method, amount: total, ...(method === 'cash' && tendered >= total && tendered > 0 ? { tendered } : {}) }],
  };
}

export function saleBody(form: SaleForm, total: number | null = null) {
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
    ...(form.whatsappOptIn ? { whatsappOptIn: true } : {}),
    ...counterBody(form, total),
  };
}
