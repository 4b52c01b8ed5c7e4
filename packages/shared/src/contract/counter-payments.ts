import { z } from 'zod';
import { counterPaymentInputSchema } from './counter.js';

/**
 * Card and QR parts of a counter sale (docs/api.md "Counter: payments"): each is sent to Mercado Pago (the register's
 * Point terminal, or a dynamic QR of its POS) for its exact amount; the sale is paid when every part is.
 */

export const COUNTER_PAYMENT_STATUSES = ['pending', 'approved', 'refused', 'cancelled'] as const;
export type CounterPaymentStatus = (typeof COUNTER_PAYMENT_STATUSES)[number];

export const COUNTER_PAYMENT_STATUS_LABELS: Record<CounterPaymentStatus, string> = {
  pending: 'Esperando el pago',
  approved: 'Aprobado',
  refused: 'Rechazado',
  cancelled: 'Cancelado',
};

export const COUNTER_PAYMENT_MESSAGES = {
  badId: 'El identificador del cobro debe ser un número entero mayor que 0',
  unknown: 'No existe ese cobro',
  orderUnknown: 'No existe esa venta',
  notCounterSale: 'Esa orden no es una venta en caja',
  alreadyPaid: 'La venta ya está pagada',
  orderCancelled: 'La venta está cancelada: creá una venta nueva',
  overOutstanding: (amount: number, outstanding: number) =>
    `El cobro de $${amount.toLocaleString('es-AR')} supera lo que falta cobrar ($${outstanding.toLocaleString('es-AR')})`,
  approvedCannotCancel: 'El cobro ya fue aprobado: no se puede cancelar (devolvelo desde la orden)',
  notPending: 'El cobro ya no está pendiente',
  cannotCancel: 'Mercado Pago no dejó cancelar el cobro: cancelalo en la terminal',
  mercadoPagoDown: 'No se pudo enviar el cobro a Mercado Pago: reintentá o cobrá de otra forma',
  terminalId: 'El identificador de la terminal Point tiene letras, números y guiones bajos (hasta 80)',
  qrPosId: 'El identificador del QR (external_pos_id) tiene letras y números (hasta 40)',
  terminalUnknown: 'Esa terminal no está vinculada a la cuenta de Mercado Pago (o no está en modo PDV)',
  devicesDown: 'No se pudo consultar las terminales en Mercado Pago: reintentá en un momento',
  devicesEmpty: 'Indicá la terminal Point o el QR de la caja',
  cancelledBySale: 'La venta se canceló',
  expired: 'El cobro venció sin pagarse',
  cancelledAtTerminal: 'El cobro se canceló',
} as const;

/** Spanish reasons of a refused card or QR payment, by Mercado Pago's status_detail (without a cc_rejected_ prefix). */
const REFUSAL_REASONS: Record<string, string> = {
  insufficient_amount: 'Fondos insuficientes',
  bad_filled_card_number: 'Número de tarjeta mal ingresado',
  bad_filled_date: 'Fecha de vencimiento mal ingresada',
  bad_filled_security_code: 'Código de seguridad incorrecto',
  bad_filled_other: 'Datos de la tarjeta mal ingresados',
  bad_filled_card_data: 'Datos de la tarjeta mal ingresados',
  call_for_authorize: 'El banco pide autorizar el pago: la clienta debe llamar a su banco',
  required_call_for_authorize: 'El banco pide autorizar el pago: la clienta debe llamar a su banco',
  card_disabled: 'La tarjeta está inhabilitada',
  duplicated_payment: 'Pago duplicado: ya hubo un pago igual hace instantes',
  high_risk: 'Rechazado por prevención de fraude',
  blacklist: 'Rechazado por prevención de fraude',
  invalid_installments: 'La tarjeta no acepta esa cantidad de cuotas',
  max_attempts: 'Se superó la cantidad de intentos con esa tarjeta',
  max_attempts_exceeded: 'Se superó la cantidad de intentos con esa tarjeta',
  rejected_by_issuer: 'Tarjeta rechazada por el banco',
  rejected_by_bank: 'Tarjeta rechazada por el banco',
  other_reason: 'Tarjeta rechazada',
  processing_error: 'Error al procesar el pago: probá de nuevo',
};

/** The Spanish reason of a refusal, from Mercado Pago's status_detail ('Tarjeta rechazada' when unknown). */
export function refusalReason(statusDetail: string | null | undefined): string {
  const key = (statusDetail ?? '').replace(/^cc_rejected_/, '');
  return REFUSAL_REASONS[key] ?? 'Tarjeta rechazada';
}

/** A card or QR part as the API answers it. */
export const counterPaymentSchema = z.object({
  id: z.number().int(),
  method: z.enum(['card', 'qr']),
  amount: z.number().int(),
  status: z.enum(COUNTER_PAYMENT_STATUSES),
  /** Why it was refused or cancelled (Spanish). */
  reason: z.string().optional(),
  orderNumber: z.string(),
  /** Whether the sale is paid (every part approved). */
  orderPaid: z.boolean(),
  /** The dynamic QR's data (EMVCo text to draw as a QR), for a QR part. */
  qrData: z.string().optional(),
});
export type CounterPayment = z.infer<typeof counterPaymentSchema>;

export const counterPaymentAnswerSchema = z.object({ payment: counterPaymentSchema });

/** POST /orders/{orderNumber or id}/counter-payments: another part for what is left to charge (same rules as a part). */
export const addCounterPaymentInputSchema = counterPaymentInputSchema;

/** The answer of POST /orders/{id}/counter-payments: the part, the sale's card/QR parts, and the change of cash. */
export const addCounterPaymentAnswerSchema = z.object({
  orderNumber: z.string(),
  orderPaid: z.boolean(),
  outstanding: z.number().int(),
  change: z.number().int(),
  counterPayments: z.array(counterPaymentSchema),
});
export type AddCounterPaymentAnswer = z.infer<typeof addCounterPaymentAnswerSchema>;

const terminalId = z
  .string({ error: COUNTER_PAYMENT_MESSAGES.terminalId })
  .trim()
  .regex(/^[A-Za-z0-9_]{1,80}$/, COUNTER_PAYMENT_MESSAGES.terminalId);
const qrPosId = z
  .string({ error: COUNTER_PAYMENT_MESSAGES.qrPosId })
  .trim()
  .regex(/^[A-Za-z0-9]{1,40}$/, COUNTER_PAYMENT_MESSAGES.qrPosId);

/** PATCH /registers/{id} (counter.manage): the register's Point terminal and QR POS; null takes one away. */
export const registerDevicesInputSchema = z
  .object({ pointTerminalId: terminalId.nullable().optional(), qrPosId: qrPosId.nullable().optional() })
  .strict()
  .refine((d) => d.pointTerminalId !== undefined || d.qrPosId !== undefined, COUNTER_PAYMENT_MESSAGES.devicesEmpty);
export type RegisterDevicesInput = z.infer<typeof registerDevicesInputSchema>;
