import { changeOf, type CounterPaymentMethod, type CounterPaymentInput } from '@shop/shared';
import type { SaleLine } from '@/features/sales';

/** The counter screen's sale and the body it sends (POST /orders/manual with registerId and payments). */

export interface CounterCustomer {
  name: string;
  phone: string;
  email: string;
  /** DNI or CUIT for the invoice (optional). */
  document: string;
  /** She wants the sale's news on WhatsApp (asked only once a customer with a phone is chosen). */
  whatsappOptIn: boolean;
}

export const noCustomer = (): CounterCustomer => ({ name: '', phone: '', email: '', document: '', whatsappOptIn: false });

/** One part of the payment as typed: its method, its amount and, for cash, "Paga con" (digits as typed). */
export interface PartDraft {
  method: CounterPaymentMethod;
  amount: string;
  tendered: string;
}

/** Whole pesos of a typed amount ("20.000" → 20000; empty → 0). */
export function pesosOf(text: string): number {
  const digits = text.replace(/\D/g, '');
  return digits === '' ? 0 : Number.parseInt(digits.slice(0, 10), 10);
}

/** A typed amount shown with es-AR thousands ("20000" → "20.000"). */
export function groupedPesos(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 10);
  return digits === '' ? '' : Number.parseInt(digits, 10).toLocaleString('es-AR');
}

/** The payments as the server takes them ("Paga con" only for cash, when it covers the part). */
export function paymentsOf(parts: readonly PartDraft[]): CounterPaymentInput[] {
  return parts.map((p) => {
    const amount = pesosOf(p.amount);
    const tendered = pesosOf(p.tendered);
    return { method: p.method, amount, ...(p.method === 'cash' && tendered >= amount && tendered > 0 ? { tendered } : {}) };
  });
}

/** What is left to charge (negative: the parts exceed the total). */
export function remainingOf(parts: readonly PartDraft[], total: number): number {
  return total - parts.reduce((sum, p) => sum + pesosOf(p.amount), 0);
}

/** The change of the cash parts (the shared rule), or null when a "Paga con" is short. */
export function changeOfParts(parts: readonly PartDraft[]): number | null {
  const short = parts.some((p) => p.method === 'cash' && p.tendered !== '' && pesosOf(p.tendered) < pesosOf(p.amount));
  return short ? null : changeOf(paymentsOf(parts));
}

/** What stops the parts from being charged (Spanish), or null. */
export function partsProblem(parts: readonly PartDraft[], total: number): string | null {
  if (parts.length === 0) return 'Elegí cómo se cobra';
  if (parts.some((p) => pesosOf(p.amount) <= 0)) return 'Cada parte debe tener un monto mayor que $0';
  const remaining = remainingOf(parts, total);
  if (remaining !== 0) return remaining > 0 ? 'Los pagos no llegan al total' : 'Los pagos superan el total';
  if (changeOfParts(parts) === null) return 'El monto con que paga no alcanza';
  return null;
}

/** The price list the sale is quoted with: the cash fee only when every part is cash (the server's rule). */
export const pricingMethodOf = (parts: readonly Pick<PartDraft, 'method'>[]): 'cash' | 'transfer' =>
  parts.length > 0 && parts.every((p) => p.method === 'cash') ? 'cash' : 'transfer';

export function itemsOf(lines: readonly SaleLine[]) {
  return lines.map((l) => ({
    productId: l.productId,
    quantity: l.quantity,
    ...(l.sku ? { sku: l.sku } : {}),
    ...(l.size ? { size: l.size } : {}),
    ...(l.color ? { color: l.color } : {}),
  }));
}

export const quoteBodyOf = (lines: readonly SaleLine[], paymentMethod: 'cash' | 'transfer') => ({
  items: itemsOf(lines),
  paymentMethod,
  deliveryType: 'store' as const,
});

/** The counter sale: at the register, handed over, the customer optional ("Consumidor final"). */
export function counterSaleBody(lines: readonly SaleLine[], registerId: number, customer: CounterCustomer, parts: readonly PartDraft[]) {
  const document = customer.document.replace(/\D/g, '');
  return {
    ...quoteBodyOf(lines, pricingMethodOf(parts)),
    channel: 'local' as const,
    shippingInfo: {
      fullName: customer.name.trim() || 'Consumidor final',
      phone: customer.phone.trim(),
      email: customer.email.trim(),
    },
    ...(document ? { buyerDocument: document } : {}),
    ...(customer.whatsappOptIn && customer.phone.trim() ? { whatsappOptIn: true } : {}),
    registerId,
    payments: paymentsOf(parts),
  };
}

/** "Negro · talle M" (or "Único"). */
export const variantName = (l: Pick<SaleLine, 'color' | 'size'>) =>
  [l.color, l.size ? `talle ${l.size}` : null].filter(Boolean).join(' · ') || 'Único';
