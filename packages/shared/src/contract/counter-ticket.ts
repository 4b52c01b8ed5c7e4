import { z } from 'zod';
import { COUNTER_PAYMENT_METHODS } from './counter.js';
import { discountLineSchema } from './quote.js';

/**
 * The counter sale's 80 mm ticket (GET /cash-sessions/tickets/{orderNumber}, counter.use; docs/api.md "Counter"):
 * the shop's data, the order's lines and money as the server stored them, the payments taken at the register with
 * their change, and the ARCA invoice when the order has one (null until it is queued; `status` tells whether it is
 * authorised yet). Money in whole pesos, never recomputed by the browser.
 */

export const COUNTER_TICKET_MESSAGES = {
  badNumber: 'Número de orden: no es válido',
  notCounterSale: 'Esa orden no es una venta de caja',
} as const;

/** An order number in a path: letters, digits and hyphens (the shop's `PREFIX-YYYYMMDD-NNNN`), upper-cased; else null. */
export function ticketOrderNumberOf(value: string): string | null {
  const text = value.trim().toUpperCase();
  return /^[A-Z0-9][A-Z0-9-]{0,39}$/.test(text) ? text : null;
}

export const counterTicketSchema = z.object({
  shop: z.object({
    businessName: z.string(),
    address: z.string(),
    /** Formatted (xx-xxxxxxxx-x), or '' when invoicing is not set up. */
    cuit: z.string(),
    taxCondition: z.string(),
  }),
  orderNumber: z.string(),
  createdAt: z.string().nullable(),
  registerName: z.string().nullable(),
  clerk: z.string().nullable(),
  customer: z.string().nullable(),
  lines: z.array(
    z.object({
      title: z.string(),
      color: z.string().nullable(),
      size: z.string().nullable(),
      sku: z.string().nullable(),
      quantity: z.number().int(),
      unitPrice: z.number().int(),
      lineTotal: z.number().int(),
    }),
  ),
  subtotal: z.number().int(),
  discounts: z.array(discountLineSchema),
  cashFee: z.number().int(),
  total: z.number().int(),
  /** "Precio sin impuestos nacionales" of the total (Ley 27.743), as the order kept it; null when it kept none. */
  netTotal: z.number().int().nullable().optional(),
  payments: z.array(
    z.object({
      method: z.enum(COUNTER_PAYMENT_METHODS),
      amount: z.number().int(),
      tendered: z.number().int().nullable(),
      change: z.number().int().nullable(),
    }),
  ),
  change: z.number().int(),
  /** Whether the shop issues ARCA invoices (settings complete); false: no invoice is coming. */
  invoicingOn: z.boolean(),
  invoice: z
    .object({
      status: z.string(),
      name: z.string().nullable(),
      numberText: z.string().nullable(),
      cae: z.string().nullable(),
      caeDueDate: z.string().nullable(),
      qrUrl: z.string().nullable(),
    })
    .nullable(),
});
export type CounterTicket = z.infer<typeof counterTicketSchema>;

export const counterTicketAnswerSchema = z.object({ ticket: counterTicketSchema });
export type CounterTicketAnswer = z.infer<typeof counterTicketAnswerSchema>;
