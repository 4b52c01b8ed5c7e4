import { z } from 'zod';
import {
  COUNTER_PAYMENT_METHODS,
  counterTicketAnswerSchema,
  customerListAnswerSchema,
  manualOrderAnswerSchema,
  type CounterPaymentMethod,
} from '@shop/shared';
import { api } from '@/lib/api-client';

/**
 * The counter screen's calls: the sale (POST /orders/manual with registerId and payments), a card or QR part followed
 * on the terminal (GET / DELETE /counter-payments/{id}, issue 49 §2), another part after a refusal
 * (POST /orders/{orderNumber}/counter-payments), the customer by phone (GET /customers) and the ticket
 * (GET /cash-sessions/tickets/{orderNumber}). The card/QR shapes follow the §2 contract (docs/api.md "Counter").
 */

export const counterPaymentStatusSchema = z.enum(['pending', 'approved', 'refused', 'cancelled']);

/** A card or QR part as POST /orders/manual answers it. */
export const pendingPartSchema = z.object({
  id: z.union([z.number(), z.string()]),
  method: z.enum(COUNTER_PAYMENT_METHODS),
  amount: z.number().int(),
  status: counterPaymentStatusSchema,
  qrData: z.string().nullable().optional(),
});
export type PendingPart = z.infer<typeof pendingPartSchema>;

/** GET /counter-payments/{id}. */
export const counterPaymentSchema = pendingPartSchema.extend({
  reason: z.string().nullable().optional(),
  orderNumber: z.string(),
  orderPaid: z.boolean(),
});
export type CounterPayment = z.infer<typeof counterPaymentSchema>;

export const counterSaleAnswerSchema = manualOrderAnswerSchema.extend({ counterPayments: z.array(pendingPartSchema).optional() });
export type CounterSaleAnswer = z.infer<typeof counterSaleAnswerSchema>;

/** POST /orders/{orderNumber}/counter-payments: the new part (pending for card and QR), and whether the order is paid. */
const addedPartAnswerSchema = z.object({
  counterPayment: pendingPartSchema.optional(),
  counterPayments: z.array(pendingPartSchema).optional(),
  orderPaid: z.boolean().optional(),
  change: z.number().int().optional(),
});

export function createCounterSale(body: unknown): Promise<CounterSaleAnswer> {
  return api.request({
    method: 'POST',
    url: '/orders/manual',
    data: body,
    schema: counterSaleAnswerSchema,
    errorMessage: 'No se pudo crear la venta',
  });
}

export function getCounterPayment(id: PendingPart['id']): Promise<CounterPayment> {
  return api.request({
    url: `/counter-payments/${encodeURIComponent(String(id))}`,
    schema: counterPaymentSchema,
    errorMessage: 'No se pudo consultar el cobro',
  });
}

export function cancelCounterPayment(id: PendingPart['id']): Promise<unknown> {
  return api.request({
    method: 'DELETE',
    url: `/counter-payments/${encodeURIComponent(String(id))}`,
    schema: z.unknown(),
    errorMessage: 'No se pudo cancelar el cobro',
  });
}

/** Another part after a refusal: the pending card/QR part, or null when a cash or transfer part was recorded. */
export async function addCounterPart(
  orderNumber: string,
  part: { method: CounterPaymentMethod; amount: number; tendered?: number },
): Promise<{ pending: PendingPart | null; orderPaid: boolean | null; change: number | null }> {
  const answer = await api.request({
    method: 'POST',
    url: `/orders/${encodeURIComponent(orderNumber)}/counter-payments`,
    data: part,
    schema: addedPartAnswerSchema,
    errorMessage: 'No se pudo registrar el pago',
  });
  const added = answer.counterPayment ?? answer.counterPayments?.find((p) => p.status === 'pending') ?? null;
  return {
    pending: added && added.status === 'pending' ? added : null,
    orderPaid: answer.orderPaid ?? null,
    change: answer.change ?? null,
  };
}

/** Customers whose name, e-mail or phone holds the text (the first 5). */
export async function findCustomers(search: string) {
  const answer = await api.request({
    url: '/customers',
    params: { search: search.trim(), pageSize: 5 },
    schema: customerListAnswerSchema,
    errorMessage: 'No se pudo buscar al cliente',
  });
  return answer.customers;
}

export function getTicket(orderNumber: string) {
  return api.request({
    url: `/cash-sessions/tickets/${encodeURIComponent(orderNumber)}`,
    schema: counterTicketAnswerSchema,
    errorMessage: 'No se pudo cargar el ticket',
  });
}
