import {
  addCounterPaymentAnswerSchema,
  counterPaymentAnswerSchema,
  counterTicketAnswerSchema,
  customerListAnswerSchema,
  type CounterPayment,
  type CounterPaymentMethod,
} from '@shop/shared';
import { api } from '@/lib/api-client';

/**
 * The counter screen's calls: the sale (POST /orders/manual with registerId and payments), a card or QR part followed
 * on the terminal (GET / DELETE /counter-payments/{id}, issue 49 §2), another part after a refusal
 * (POST /orders/{orderNumber}/counter-payments), the customer by phone (GET /customers) and the ticket
 * (GET /cash-sessions/tickets/{orderNumber}). The card/QR shapes are the shared contract (docs/api.md "Counter: payments").
 */

/** A card or QR part as the API answers it (pending when the sale is taken). */
export type PendingPart = CounterPayment;
export type { CounterPayment };
/** The sale itself is "Nueva venta"'s call (POST /orders/manual): its answer carries the pending card/QR parts. */
export { createSale as createCounterSale } from '@/features/sales';

/** GET /counter-payments/{id}: the part as Mercado Pago has it now (a pending part is asked of Mercado Pago first). */
export async function getCounterPayment(id: PendingPart['id']): Promise<CounterPayment> {
  const answer = await api.request({
    url: `/counter-payments/${encodeURIComponent(String(id))}`,
    schema: counterPaymentAnswerSchema,
    errorMessage: 'No se pudo consultar el cobro',
  });
  return answer.payment;
}

/** DELETE /counter-payments/{id}: the part may still be pending while the terminal confirms the cancel (keep polling). */
export async function cancelCounterPayment(id: PendingPart['id']): Promise<CounterPayment> {
  const answer = await api.request({
    method: 'DELETE',
    url: `/counter-payments/${encodeURIComponent(String(id))}`,
    schema: counterPaymentAnswerSchema,
    errorMessage: 'No se pudo cancelar el cobro',
  });
  return answer.payment;
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
    schema: addCounterPaymentAnswerSchema,
    errorMessage: 'No se pudo registrar el pago',
  });
  // The answer lists every card/QR part of the sale: the one just added is the newest still pending.
  const pending = answer.counterPayments.filter((p) => p.status === 'pending').at(-1) ?? null;
  return { pending: part.method === 'card' || part.method === 'qr' ? pending : null, orderPaid: answer.orderPaid, change: answer.change };
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
