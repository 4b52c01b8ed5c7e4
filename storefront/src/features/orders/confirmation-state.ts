import { orderSchema, paymentMethodSchema, type Order, type PaymentMethod } from '@shop/shared';
import { z } from 'zod';

/** What checkout hands to the confirmation page in navigation state. */
export interface ConfirmationState {
  order: Order;
  paymentMethod: PaymentMethod;
  wantsShipping: boolean;
  transferProof: string | null;
}

const stateSchema = z.object({
  order: orderSchema,
  paymentMethod: paymentMethodSchema,
  wantsShipping: z.boolean(),
  transferProof: z.string().nullable(),
});

export function readConfirmationState(state: unknown): ConfirmationState | null {
  const parsed = stateSchema.safeParse(state);
  return parsed.success ? parsed.data : null;
}

/**
 * The last order of this tab, so that a reload of the confirmation can fetch the full order by its id, or else
 * the tracking card by its number and the e-mail of the purchase.
 */
export const LAST_ORDER_KEY = 'lastOrder';
const rememberedSchema = z.object({ id: z.string().min(1), orderNumber: z.string().min(1), contact: z.string().optional() });
export type RememberedOrder = z.infer<typeof rememberedSchema>;

export function rememberOrder(order: Pick<Order, '_id' | 'orderNumber' | 'shippingInfo'>): void {
  try {
    const remembered: RememberedOrder = { id: order._id, orderNumber: order.orderNumber, contact: order.shippingInfo.email || undefined };
    sessionStorage.setItem(LAST_ORDER_KEY, JSON.stringify(remembered));
  } catch {
    // Storage unavailable: a reload of the confirmation sends the shopper home.
  }
}

export function rememberedOrder(orderNumber: string): RememberedOrder | null {
  try {
    const raw = sessionStorage.getItem(LAST_ORDER_KEY);
    if (!raw) return null;
    const parsed = rememberedSchema.safeParse(JSON.parse(raw));
    return parsed.success && parsed.data.orderNumber === orderNumber ? parsed.data : null;
  } catch {
    return null;
  }
}
