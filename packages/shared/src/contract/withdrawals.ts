import { z } from 'zod';
import { text } from './fields.js';
import { withdrawalStatusSchema } from '../rules/withdrawals.js';
import { orderLineSchema } from './order-line.js';
import { cashRegisterIdSchema, checkCashRegister, purchaseIdentityFields, purchaseLineFields } from './returns.js';
import { CARRIER_IDS } from './shipping.js';

/**
 * The return shipment the shop paid for (a national order's goods collected by its carrier, issue 59 §1): the carrier,
 * its name and the number she and the shop follow.
 */
export const withdrawalReturnShipmentSchema = z.object({
  carrier: z.enum(CARRIER_IDS),
  carrierName: z.string(),
  trackingNumber: z.string(),
  createdAt: z.string(),
});
export type WithdrawalReturnShipment = z.infer<typeof withdrawalReturnShipmentSchema>;

/**
 * POST /withdrawals (public, no sign-in): the order number and the e-mail or phone given when buying (tracking's
 * pair), optionally which lines and a comment. Nothing else is asked.
 */
export const withdrawalInputSchema = z.object({
  ...purchaseIdentityFields,
  lines: z.array(z.object(purchaseLineFields)).max(50).optional().nullable(),
  comment: text(1000).optional().nullable(),
});
export type WithdrawalInput = z.infer<typeof withdrawalInputSchema>;

/** What the shopper is answered (at once, and by e-mail) and what she reads back with her code. */
export const withdrawalAnswerSchema = z.object({
  code: z.string(),
  status: withdrawalStatusSchema,
  orderNumber: z.string(),
  /** Whether the request came within the 10 days (always before the delivery). */
  withinWindow: z.boolean(),
  /** When the window closes (null: not delivered yet, no limit). */
  windowEndsAt: z.string().nullable(),
  requestedAt: z.string(),
  /** The shop's reason when it rejected the request. */
  reason: z.string().nullable(),
  /** The Spanish sentence the page shows (the code, and the closed window's date when out of time). */
  message: z.string(),
  /** The carrier's return shipment once the shop made it (national orders); null before, and for Neuquén's. */
  returnShipment: withdrawalReturnShipmentSchema.nullable(),
});
export type WithdrawalAnswer = z.infer<typeof withdrawalAnswerSchema>;

export const withdrawalStepSchema = z.object({ status: withdrawalStatusSchema, at: z.string(), by: z.string() });

/** The back office's row: the request, its order, the window and the days left to act, every step. */
export const staffWithdrawalSchema = withdrawalAnswerSchema.omit({ message: true }).extend({
  id: z.string(),
  orderId: z.string(),
  channel: z.string(),
  contact: z.string(),
  comment: z.string().nullable(),
  /** The order lines she withdraws (the one order line's title and units) and their place in the order. */
  lines: z.array(orderLineSchema.pick({ title: true, quantity: true }).extend({ lineIndex: z.number() })),
  /** Everything paid for those lines, shipping included: what the refund gives back. */
  refundDue: z.number(),
  refund: z.object({ method: z.string(), amount: z.number(), at: z.string(), reference: z.string().nullable() }).nullable(),
  daysLeft: z.number().nullable(),
  steps: z.array(withdrawalStepSchema),
  /** Whether the order went by a carrier: its goods come back by a return shipment the shop makes here. */
  byCarrier: z.boolean(),
});
export type StaffWithdrawal = z.infer<typeof staffWithdrawalSchema>;

export const withdrawalListAnswerSchema = z.object({
  withdrawals: z.array(staffWithdrawalSchema),
  /** Requests still waiting for the shop (the dashboard's badge). */
  open: z.number(),
});
export type WithdrawalListAnswer = z.infer<typeof withdrawalListAnswerSchema>;

export const staffWithdrawalAnswerSchema = z.object({ withdrawal: staffWithdrawalSchema });

export const WITHDRAWAL_REFUND_METHODS = ['mercadopago', 'transfer', 'cash'] as const;

/** PUT /withdrawals/{id}: the next step; `reason` with a rejection, `refundMethod` with the refund. */
export const withdrawalStatusUpdateSchema = z
  .object({
    status: z.enum(['pickup_arranged', 'received_in_store', 'refunded', 'rejected']),
    reason: text(1000).optional().nullable(),
    refundMethod: z.enum(WITHDRAWAL_REFUND_METHODS).optional().nullable(),
    /** A transfer's or cash refund's reference (the bank's operation number, the receipt). */
    reference: text(200).optional().nullable(),
    /** With `refundMethod: 'cash'`: the register whose open session gives the cash back (a refund movement in its Caja). */
    registerId: cashRegisterIdSchema,
  })
  .superRefine((u, ctx) => {
    if (u.status === 'refunded') checkCashRegister(u, ctx);
  });
export type WithdrawalStatusUpdate = z.infer<typeof withdrawalStatusUpdateSchema>;

/** Tracking's view: her requests of the order, newest first. */
export const trackedWithdrawalsSchema = z.array(
  z.object({ code: z.string(), status: withdrawalStatusSchema, requestedAt: z.string(), withinWindow: z.boolean() }),
);
