import { z } from 'zod';
import { MAX_PAYMENT_FEE_PERCENT } from '../rules/sales-report.js';
import { COST_METHODS, PURCHASES_MSG } from './purchases.js';

/** A fee rate in percent: 0 to the most allowed, with up to two decimals. */
const feePercentSchema = (message: string) =>
  z
    .number({ error: message })
    .min(0, message)
    .max(MAX_PAYMENT_FEE_PERCENT, message)
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, message);

/**
 * GET/PUT /purchase-settings: the owner's cost method, and Mercado Pago's fee rates that the sales report takes off
 * the margin (percent of what was charged): online (`paymentFeePercent`: the web's checkout and the payment links of
 * chat sales), and in person at the counter, by Point (card) and by QR. PUT takes any of them.
 */
export const purchaseSettingsInputSchema = z
  .object({
    costMethod: z.enum(COST_METHODS, { error: PURCHASES_MSG.costMethod }).optional(),
    paymentFeePercent: feePercentSchema(PURCHASES_MSG.paymentFee).optional(),
    pointFeePercent: feePercentSchema(PURCHASES_MSG.pointFee).optional(),
    qrFeePercent: feePercentSchema(PURCHASES_MSG.qrFee).optional(),
  })
  .refine(
    (input) =>
      input.costMethod !== undefined ||
      input.paymentFeePercent !== undefined ||
      input.pointFeePercent !== undefined ||
      input.qrFeePercent !== undefined,
    PURCHASES_MSG.noSetting,
  );
export const purchaseSettingsAnswerSchema = z.object({
  costMethod: z.enum(COST_METHODS),
  paymentFeePercent: z.number(),
  pointFeePercent: z.number(),
  qrFeePercent: z.number(),
});
export type PurchaseSettings = z.infer<typeof purchaseSettingsAnswerSchema>;
