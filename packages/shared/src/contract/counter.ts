import { z } from 'zod';
import { requiredText, text } from './fields.js';
import { MANUAL_ORDER_CHANNELS, ORDER_CHANNELS } from '../rules/channels.js';

/**
 * The counter's cash register ("Caja", docs/api.md "Counter"): registers, one open cash session per register, the
 * session's cash movements and sales, its closing with the counted amounts, the Z report and the sessions' CSV.
 * Money in whole pesos.
 */

/** How a counter sale's part is paid: card and QR through Mercado Pago Point and dynamic QR (counter-payments.ts). */
export const COUNTER_PAYMENT_METHODS = ['cash', 'card', 'qr', 'transfer'] as const;
export type CounterPaymentMethod = (typeof COUNTER_PAYMENT_METHODS)[number];
/** The methods a counter sale may be paid with (card and QR need the register's Point terminal or QR POS). */
export const COUNTER_AVAILABLE_METHODS = COUNTER_PAYMENT_METHODS;

export const COUNTER_METHOD_LABELS: Record<CounterPaymentMethod, string> = {
  cash: 'Efectivo',
  card: 'Tarjeta',
  qr: 'QR',
  transfer: 'Transferencia',
};

/** A cash movement made by hand (a sale's payment is recorded by the sale itself). */
export const CASH_MOVEMENT_TYPES = ['income', 'expense', 'withdrawal'] as const;
export type CashMovementType = (typeof CASH_MOVEMENT_TYPES)[number];

export const CASH_MOVEMENT_LABELS: Record<CashMovementType | 'sale' | 'refund', string> = {
  sale: 'Venta',
  refund: 'Devolución',
  income: 'Ingreso',
  expense: 'Gasto',
  withdrawal: 'Retiro',
};

/** The Argentine peso's bills and coins a drawer is counted with. */
export const CASH_DENOMINATIONS = [20000, 10000, 2000, 1000, 500, 200, 100, 50, 20, 10, 5, 2, 1] as const;

/** At most this many pesos in one figure (32-bit integer columns). */
export const COUNTER_MAX_AMOUNT = 100_000_000;

export const COUNTER_MESSAGES = {
  registerName: 'Indicá el nombre de la caja (hasta 60 caracteres)',
  registerTaken: 'Ya hay una caja con ese nombre',
  registerUnknown: 'No existe esa caja',
  sessionUnknown: 'No existe esa sesión de caja',
  badId: 'El identificador debe ser un número entero mayor que 0',
  openingCash: 'Indicá el efectivo inicial en pesos enteros (0 o más), o el conteo por billete',
  openingOne: 'Indicá el efectivo inicial como un monto o como un conteo por billete, no ambos',
  denomination: `Cada billete debe ser uno de ${CASH_DENOMINATIONS.join(', ')} con una cantidad entera de 0 a 10.000`,
  alreadyOpen: 'La caja ya tiene una sesión abierta: cerrala antes de abrir otra',
  notOpen: 'La caja no está abierta: abrila antes de cobrar',
  closed: 'La sesión de caja está cerrada: no se puede modificar',
  reopenReason: 'Indicá el motivo de la reapertura (hasta 200 caracteres)',
  notClosed: 'La sesión de caja no está cerrada: no hace falta reabrirla',
  notLatest: 'Solo se puede reabrir la última sesión de la caja',
  reopenWhileOpen: 'La caja tiene otra sesión abierta: cerrala antes de reabrir esta',
  movementType: 'El tipo de movimiento debe ser ingreso, gasto o retiro',
  amount: `El monto debe ser un número entero de pesos mayor que 0 (hasta ${COUNTER_MAX_AMOUNT.toLocaleString('es-AR')})`,
  reason: 'Indicá el motivo del gasto o del retiro',
  counted: 'Indicá lo contado de efectivo, tarjeta, QR y transferencia en pesos enteros (0 o más)',
  paymentsRequired: 'Indicá cómo se cobra la venta (al menos un pago)',
  paymentsWithoutRegister: 'Los pagos en caja necesitan la caja (registerId)',
  paymentMethod: 'El medio de pago debe ser efectivo, tarjeta, QR o transferencia',
  noTerminal: 'La caja no tiene una terminal Point configurada: cobrá de otra forma o pedile a la dueña que la configure',
  noQrPos: 'La caja no tiene un QR de Mercado Pago configurado: cobrá de otra forma o pedile a la dueña que lo configure',
  noMercadoPago: 'Mercado Pago no está configurado: cobrá en efectivo o por transferencia',
  storeOnly: 'Una venta en caja es con retiro en el local',
  noPaymentLink: 'Una venta en caja se cobra en la caja (efectivo, tarjeta, QR o transferencia), no con link de Mercado Pago',
  tendered: 'El monto con que paga debe ser un número entero mayor o igual al efectivo a cobrar',
  tenderedCashOnly: 'Solo un pago en efectivo tiene vuelto',
  notEnoughCash: (amount: number, cash: number) =>
    `En la caja debería haber $${cash.toLocaleString('es-AR')} en efectivo: no alcanza para devolver $${amount.toLocaleString('es-AR')}`,
  notAdding: (paid: number, total: number) =>
    `Los pagos suman $${paid.toLocaleString('es-AR')} y el total de la venta es $${total.toLocaleString('es-AR')}: deben coincidir`,
} as const;

const pesos = (message: string, min = 0) => z.number({ error: message }).int(message).min(min, message).max(COUNTER_MAX_AMOUNT, message);

/** A register's or session's id in a path: a positive integer, else null (a 400 with COUNTER_MESSAGES.badId). */
export function counterIdOf(value: string): number | null {
  return /^[1-9]\d{0,8}$/.test(value) ? Number(value) : null;
}

/** POST /registers (counter.manage). */
export const registerInputSchema = z.object({ name: requiredText(60, COUNTER_MESSAGES.registerName) }).strict();

/** POST /registers/{id}/sessions: the opening cash as one amount or counted by denomination (summed on the server). */
export const openSessionInputSchema = z
  .object({
    openingCash: pesos(COUNTER_MESSAGES.openingCash).optional(),
    denominations: z
      .partialRecord(
        z.enum(CASH_DENOMINATIONS.map(String) as [string, ...string[]], { error: COUNTER_MESSAGES.denomination }),
        z
          .number({ error: COUNTER_MESSAGES.denomination })
          .int(COUNTER_MESSAGES.denomination)
          .min(0, COUNTER_MESSAGES.denomination)
          .max(10_000, COUNTER_MESSAGES.denomination),
        { error: COUNTER_MESSAGES.denomination },
      )
      .optional(),
  })
  .strict()
  .refine((d) => (d.openingCash === undefined) !== (d.denominations === undefined), COUNTER_MESSAGES.openingOne);
export type OpenSessionInput = z.infer<typeof openSessionInputSchema>;

/** The opening cash of a count by denomination. */
export function denominationsTotal(denominations: Partial<Record<string, number>>): number {
  return Object.entries(denominations).reduce((sum, [bill, count]) => sum + Number(bill) * (count ?? 0), 0);
}

/** POST /cash-sessions/{id}/movements. */
export const cashMovementInputSchema = z
  .object({
    type: z.enum(CASH_MOVEMENT_TYPES, { error: COUNTER_MESSAGES.movementType }),
    amount: pesos(COUNTER_MESSAGES.amount, 1),
    reason: text(200).optional().default(''),
  })
  .strict()
  .superRefine((m, ctx) => {
    if (m.type !== 'income' && m.reason === '') ctx.addIssue({ code: 'custom', path: ['reason'], message: COUNTER_MESSAGES.reason });
  });
export type CashMovementInput = z.infer<typeof cashMovementInputSchema>;

const byMethodSchema = z.object({ cash: z.number().int(), card: z.number().int(), qr: z.number().int(), transfer: z.number().int() });
export type ByMethod = z.infer<typeof byMethodSchema>;

/** POST /cash-sessions/{id}/close. */
export const closeSessionInputSchema = z
  .object({
    counted: z
      .object(
        {
          cash: pesos(COUNTER_MESSAGES.counted),
          card: pesos(COUNTER_MESSAGES.counted).optional().default(0),
          qr: pesos(COUNTER_MESSAGES.counted).optional().default(0),
          transfer: pesos(COUNTER_MESSAGES.counted).optional().default(0),
        },
        { error: COUNTER_MESSAGES.counted },
      )
      .strict(),
  })
  .strict();
export type CloseSessionInput = z.infer<typeof closeSessionInputSchema>;

/** POST /cash-sessions/{id}/reopen (counter.manage): why the closed session is opened again. */
export const reopenSessionInputSchema = z
  .object({
    reason: z
      .string({ error: COUNTER_MESSAGES.reopenReason })
      .trim()
      .min(1, COUNTER_MESSAGES.reopenReason)
      .max(200, COUNTER_MESSAGES.reopenReason),
  })
  .strict();
export type ReopenSessionInput = z.infer<typeof reopenSessionInputSchema>;

/** One part of a counter sale's payment (POST /orders/manual with registerId). */
export const counterPaymentInputSchema = z
  .object({
    method: z.enum(COUNTER_PAYMENT_METHODS, { error: COUNTER_MESSAGES.paymentMethod }),
    amount: pesos(COUNTER_MESSAGES.amount, 1),
    tendered: pesos(COUNTER_MESSAGES.tendered, 1).optional(),
  })
  .strict()
  .superRefine((p, ctx) => {
    if (p.tendered !== undefined && p.method !== 'cash')
      ctx.addIssue({ code: 'custom', path: ['tendered'], message: COUNTER_MESSAGES.tenderedCashOnly });
    if (p.tendered !== undefined && p.tendered < p.amount)
      ctx.addIssue({ code: 'custom', path: ['tendered'], message: COUNTER_MESSAGES.tendered });
  });
export type CounterPaymentInput = z.infer<typeof counterPaymentInputSchema>;

/** The change of a counter sale: what the cash parts' `tendered` exceed their amounts by. */
export function changeOf(payments: readonly CounterPaymentInput[]): number {
  return payments.reduce((sum, p) => sum + (p.method === 'cash' && p.tendered !== undefined ? p.tendered - p.amount : 0), 0);
}

const staffRefSchema = z.object({ id: z.number().int().nullable(), name: z.string() });

export const cashMovementSchema = z.object({
  id: z.number().int(),
  /** `sale`: a counter sale's payment part; `refund`: cash back for a return (its order; reason `CD-… del pedido …`). */
  type: z.enum(['sale', 'refund', ...CASH_MOVEMENT_TYPES]),
  method: z.enum(COUNTER_PAYMENT_METHODS),
  amount: z.number().int(),
  tendered: z.number().int().nullable(),
  change: z.number().int().nullable(),
  reason: z.string().nullable(),
  orderNumber: z.string().nullable(),
  at: z.string(),
  by: staffRefSchema.nullable(),
});
export type CashMovement = z.infer<typeof cashMovementSchema>;

/** A reopening of a closed session: who, when, why, and the figures of the close it undid. */
export const cashReopeningSchema = z.object({
  at: z.string(),
  by: staffRefSchema.nullable(),
  reason: z.string(),
  undone: z.object({
    closedAt: z.string().nullable(),
    closedBy: staffRefSchema.nullable(),
    expected: byMethodSchema.nullable(),
    counted: byMethodSchema.nullable(),
    difference: byMethodSchema.extend({ total: z.number().int() }).nullable(),
  }),
});
export type CashReopening = z.infer<typeof cashReopeningSchema>;

/** The channels a session's sales are grouped by (the counter's own, plus any other a sale came with). */
export const COUNTER_REPORT_CHANNELS = MANUAL_ORDER_CHANNELS;

/** A session's sales of one channel: how many orders and how many pesos. */
export const sessionChannelSalesSchema = z.object({ channel: z.enum(ORDER_CHANNELS), orders: z.number().int(), amount: z.number().int() });
export type SessionChannelSales = z.infer<typeof sessionChannelSalesSchema>;

export const cashSessionSchema = z.object({
  id: z.number().int(),
  registerId: z.number().int(),
  registerName: z.string(),
  status: z.enum(['open', 'closed']),
  openingCash: z.number().int(),
  denominations: z.record(z.string(), z.number().int()).nullable(),
  openedAt: z.string(),
  openedBy: staffRefSchema.nullable(),
  /** Sales by method: the counter sales' payments. */
  sales: byMethodSchema,
  salesCount: z.number().int(),
  /** Sales by the order's channel (Local, WhatsApp, …): they add up to the sales' total. */
  byChannel: z.array(sessionChannelSalesSchema),
  firstOrderNumber: z.string().nullable(),
  lastOrderNumber: z.string().nullable(),
  /** Cash given back for returns received at the counter during the session. */
  refunds: z.number().int(),
  /** Hand movements' totals. */
  incomes: z.number().int(),
  expenses: z.number().int(),
  withdrawals: z.number().int(),
  /** What the drawer and each method should hold: computed on the server (fixed at closing). */
  expected: byMethodSchema,
  counted: byMethodSchema.nullable(),
  /** counted − expected per method, and their sum. */
  difference: byMethodSchema.extend({ total: z.number().int() }).nullable(),
  closedAt: z.string().nullable(),
  closedBy: staffRefSchema.nullable(),
  /** Each time the owner reopened the session after a close, oldest first. */
  reopenings: z.array(cashReopeningSchema),
  movements: z.array(cashMovementSchema),
});
export type CashSession = z.infer<typeof cashSessionSchema>;

export const registerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /**
   * The Mercado Pago Point terminal card parts are sent to, and the QR POS (external_pos_id) of its dynamic QR (the
   * server always answers them, null when unset).
   */
  pointTerminalId: z.string().nullable().optional(),
  qrPosId: z.string().nullable().optional(),
  openSession: z
    .object({ id: z.number().int(), openedAt: z.string(), openingCash: z.number().int(), openedBy: staffRefSchema.nullable() })
    .nullable(),
});
export type Register = z.infer<typeof registerSchema>;

export const registersAnswerSchema = z.object({ registers: z.array(registerSchema) });
export const registerAnswerSchema = z.object({ register: registerSchema });
export const cashSessionAnswerSchema = z.object({ session: cashSessionSchema });
export const cashMovementAnswerSchema = z.object({ movement: cashMovementSchema, session: cashSessionSchema });

/** GET /cash-sessions.csv: one row per session, oldest first. */
export const CASH_SESSIONS_CSV_HEADER = [
  'Sesión',
  'Caja',
  'Apertura',
  'Abrió',
  'Cierre',
  'Cerró',
  'Efectivo inicial',
  'Ventas',
  'Ventas en efectivo',
  'Ventas por transferencia',
  'Ventas con tarjeta',
  'Ventas con QR',
  'Devoluciones en efectivo',
  'Ingresos',
  'Gastos',
  'Retiros',
  'Efectivo esperado',
  'Efectivo contado',
  'Diferencia de efectivo',
  'Diferencia total',
  'Primera orden',
  'Última orden',
] as const;
